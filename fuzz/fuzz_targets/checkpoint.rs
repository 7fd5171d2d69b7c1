#![no_main]
//! Fuzz target: a checkpoint file of any content (the JSON-lines format of
//! docs/checkpoint.md) is opened or refused with a typed error, never a panic; once
//! opened, its parts are within range, a missing part records, and the file reopens with
//! the same parts done plus the one recorded.
use libfuzzer_sys::fuzz_target;

const PROBLEM: &str = "0000000000000000000000000000000000000000000000000000000000000000";

fuzz_target!(|data: &[u8]| {
    let Some((&parts, content)) = data.split_first() else { return };
    let parts = parts as usize % 20 + 1;
    let dir = std::env::temp_dir().join(format!("gridlock-fuzz-checkpoint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("c.jsonl");
    std::fs::write(&path, content).unwrap();
    let Ok(mut book) = checkpoint::Checkpoint::open(&path, "count", PROBLEM, parts) else { return };
    assert_eq!(book.parts(), parts);
    let done = book.done().clone();
    assert!(done.keys().all(|&k| (1..=parts).contains(&k)), "a part out of range: {done:?}");
    let missing = book.missing();
    assert_eq!(missing.len() + done.len(), parts);
    if let Some(&k) = missing.first() {
        book.record(k, 7).unwrap();
        drop(book);
        let again = checkpoint::Checkpoint::open(&path, "count", PROBLEM, parts).expect("a file just written reopens");
        let mut want = done.clone();
        want.insert(k, 7);
        assert_eq!(again.done(), &want);
    }
});
