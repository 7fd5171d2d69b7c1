#![no_main]
//! Fuzz target: the BurrTools XML reader on a valid puzzle whose problem name is the
//! fuzzer's text written with entities (`&#N;`, `&#xH;`, `&amp;` and the like, chosen by
//! the fuzzer) and whose `<comment>` holds elements nested as deep as the fuzzer asks.
//! Nested at most `burr::MAX_DEPTH` levels in all, the file reads, as the same puzzle as
//! without the comment, with the name decoded to the fuzzer's text; deeper, it is refused
//! with "nested too deeply" and a line and column. Never a panic or a stack overflow.
use libfuzzer_sys::fuzz_target;

/// The domino in a 2x1x1 box: the smallest valid puzzle, its problem named by `name`,
/// with `comment` after the problems.
fn puzzle(name: &str, comment: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"0\"/><colors/><shapes>\
         <voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">##</voxel></shapes><problems>\
         <problem name=\"{name}\" state=\"0\"><shapes><shape id=\"0\" count=\"1\"/></shapes>\
         <result id=\"0\"/><bitmap/></problem></problems>{comment}</puzzle>\n"
    )
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let depth = u16::from_le_bytes([data[0], data[1]]) as usize % 3000;
    let text = String::from_utf8_lossy(&data[2..]);
    // The name: each character as the fuzzer's own byte asks (its low bits), in one of
    // the ways XML allows. Characters XML 1.0 forbids (most controls) are skipped.
    let mut name = String::new();
    let mut want = String::new();
    for (i, c) in text.chars().enumerate() {
        let allowed = matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{fffe}' && c != '\u{ffff}');
        if !allowed {
            continue;
        }
        let form = data.get(2 + i).copied().unwrap_or(0) % 4;
        match (c, form) {
            ('&', _) => name.push_str("&amp;"),
            ('<', _) => name.push_str("&lt;"),
            ('"', _) => name.push_str("&quot;"),
            (_, 1) => name.push_str(&format!("&#{};", c as u32)),
            (_, 2) => name.push_str(&format!("&#x{:X};", c as u32)),
            // An attribute's literal tab, newline or carriage return reads as a space
            // (XML's attribute-value normalization): written as references instead.
            ('\t' | '\n' | '\r', _) => name.push_str(&format!("&#{};", c as u32)),
            ('>', 3) => name.push_str("&gt;"),
            ('\'', 3) => name.push_str("&apos;"),
            _ => name.push(c),
        }
        want.push(c);
    }
    let comment = format!("<comment>{}x{}</comment>", "<a>".repeat(depth), "</a>".repeat(depth));
    let file = puzzle(&name, &comment);
    match burr::parse(file.as_bytes()) {
        Ok(read) => {
            // puzzle, comment and the nested elements: depth + 2 levels in all.
            assert!(depth + 2 <= burr::MAX_DEPTH, "{depth} levels read");
            assert_eq!(read.problems.len(), 1);
            assert_eq!(read.problems[0].name, want, "the name's entities decode to its text");
            let plain = burr::parse(puzzle(&name, "").as_bytes()).expect("the same file without its comment");
            assert_eq!(read, plain, "the comment changes nothing");
        }
        Err(e) => {
            let message = e.to_string();
            assert!(depth + 2 > burr::MAX_DEPTH, "refused at depth {depth}: {message}");
            assert!(message.contains("nested too deeply") && message.contains("line"), "{message}");
        }
    }
});
