//! The beads parser on hostile input: never a panic, and every error names a line and a
//! column inside the input.

use proptest::prelude::*;
use puzzles::beads;

/// Text that looks like a tray: 8 to 12 lines of 0 to 12 characters from a small alphabet.
fn tray_like() -> impl Strategy<Value = Vec<u8>> {
    let ch = prop_oneof![
        8 => Just(b'.'),
        4 => b'A'..=b'L',
        1 => Just(b'M'),
        1 => Just(b' '),
        1 => Just(b'\r'),
        1 => any::<u8>(),
    ];
    proptest::collection::vec(proptest::collection::vec(ch, 0..12), 8..12).prop_map(|rows| rows.join(&b'\n'))
}

fn assert_sane(input: &[u8]) {
    match beads::parse(input) {
        Ok(tray) => {
            // What parses renders back to rows of the right lengths.
            let text = beads::render(&tray);
            assert_eq!(text.lines().count(), 10);
        }
        Err(e) => {
            let lines = input.split(|&b| b == b'\n').count().max(1);
            assert!(e.line >= 1 && e.line <= lines + 1, "{e} for {} lines", lines);
            assert!(e.column.is_some_and(|c| c >= 1));
            assert!(!e.message.contains('\n'));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_bytes(input in proptest::collection::vec(any::<u8>(), 0..200)) {
        assert_sane(&input);
    }

    #[test]
    fn tray_like_text(input in tray_like()) {
        assert_sane(&input);
    }
}
