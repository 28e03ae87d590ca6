//! PDF417 (ISO/IEC 15438) — in progress.
