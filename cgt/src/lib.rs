//! Game values of short partizan games: canonical forms, thermographs and
//! bounds. This crate knows no particular game; game engines hand their
//! positions to it through a trait.
