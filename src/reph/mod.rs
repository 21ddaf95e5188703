//! The Refit Phase (12.6): its sequence and, one file per step or step group,
//! the rules that run in it.

pub mod sequence;
