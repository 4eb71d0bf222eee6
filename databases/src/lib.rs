//! Retrograde endgame databases for Amazons areas: simple territories,
//! blocker territories and active areas, stored on disk.
