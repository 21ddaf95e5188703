fn main() {
    std::process::exit(votg::cli::main());
}
