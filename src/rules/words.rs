//! Players' words for the marks votg keeps for itself: what the journal
//! writes as `row:7` (the purchase-record row a roll concerns) is shown as
//! "purchase row 7", and a SW column's key (`lt_mtr`) as the RG Purchase
//! Record prints it ("Lt MTR"). Applied wherever journal text meets a
//! player: the wizard, `log`, `explain`.

/// A SW column of the RG Purchase Record (12.6218) as the form prints it.
pub fn sw_name(key: &str) -> String {
    match key.to_ascii_lowercase().as_str() {
        "lt_mtr" => "Lt MTR".into(),
        k => k.to_ascii_uppercase(),
    }
}

/// `text` with `row:N` as "purchase row N" and internal SW keys in the
/// form's words.
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(i) = rest.find("row:") {
        let digits = rest[i + 4..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len() - i - 4, |n| n);
        let starts_word = rest[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        if digits == 0 || !starts_word {
            out.push_str(&rest[..i + 4]);
            rest = &rest[i + 4..];
            continue;
        }
        out.push_str(&rest[..i]);
        out.push_str("purchase row ");
        out.push_str(&rest[i + 4..i + 4 + digits]);
        rest = &rest[i + 4 + digits..];
    }
    out.push_str(rest);
    out.replace("LT_MTR", "Lt MTR")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_marks_read_as_the_players_words() {
        assert_eq!(
            plain("German AFV Platoon Redeployment row:11"),
            "German AFV Platoon Redeployment purchase row 11"
        );
        assert_eq!(
            plain("captured German row:4 and row:5"),
            "captured German purchase row 4 and purchase row 5"
        );
        assert_eq!(plain("1 LT_MTR; arrow:3; row:"), "1 Lt MTR; arrow:3; row:");
        assert_eq!(sw_name("lt_mtr"), "Lt MTR");
        assert_eq!(sw_name("hmg"), "HMG");
    }
}
