//! Data Matrix tests.

use super::*;

#[test]
fn annex_worked_example_123456() {
    let dm = encode(b"123456", &DmOptions::default()).unwrap();
    assert_eq!((dm.size().rows(), dm.size().cols()), (10, 10));
}
