//! Hostile use of the command line: each of these hung, panicked, took gigabytes, lost an
//! answer or silently ignored a flag before the command layer was rebuilt. Each must now
//! answer at once, or refuse with exit status 2 and one line on stderr, never a panic and
//! never a partial answer.

use crate::common::{gridlock, rejects, rejects_usage};
use std::path::PathBuf;

/// A fresh temporary folder for one test.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridlock-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stdout_of(args: &[&str], input: &str) -> (i32, String, String) {
    let out = gridlock().args(args).write_stdin(input.to_string()).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn thread_and_shard_counts_are_bounded() {
    let base = ["pack", "--rect", "6x10", "--pieces", "pentominoes", "--count"];
    for threads in ["0", "100000000000", "18446744073709551616", "two"] {
        rejects_usage(&[&base[..], &["--threads", threads]].concat(), "", &["thread count"]);
    }
    for shard in ["1/100000000", "1/18446744073709551615", "0/3", "4/3"] {
        rejects_usage(&[&base[..], &["--shard", shard]].concat(), "", &["K/N"]);
        rejects_usage(&["xc", "--count", "--shard", shard, "tests/data/pack/pentominoes-6x10.dlx"], "", &["K/N"]);
    }
    // The largest shard count costs no more than the whole count: every shard beyond the
    // cut's subtrees counts nothing, and the first ones still add up (checked in
    // exact-cover's tests). One such shard answers here.
    let (code, out, _) = stdout_of(&[&base[..], &["--shard", "999999/1000000"]].concat(), "");
    assert_eq!((code, out.as_str()), (0, "0\n"));
}

#[test]
fn board_sizes_never_overflow() {
    let pair = "1\n@.. @..\n... ...\n... ...\n";
    for board in ["1x9223372036854775809", "9223372036854775809x1", "0x8", "200x1"] {
        rejects_usage(&["twins", "--board", board], pair, &["--board"]);
    }
    // Within the bound but over what the search takes: an error, not IMPOSSIBLE.
    rejects(&["twins", "--board", "64x64"], pair, &["--board", "too large"]);
    rejects(&["pack", "--rect", "1x9223372036854775809", "--pieces", "pentominoes"], "", &["--rect"]);
}

#[test]
fn conditions_that_need_no_search_answer_at_once() {
    // 144 cells for 60 cells of pentominoes: this ran for hours.
    assert_eq!(stdout_of(&["pack", "--rect", "12x12", "--pieces", "pentominoes"], "").1, "No solution\n");
    assert_eq!(stdout_of(&["pack", "--rect", "12x12", "--pieces", "pentominoes", "--count"], "").1, "0\n");
    // A million cells: this took 8 GB for its placement lists.
    assert_eq!(stdout_of(&["pack", "--rect", "1000x1000", "--pieces", "pentominoes"], "").1, "No solution\n");
    // An item that no option covers.
    assert_eq!(stdout_of(&["xc", "--count"], "a b c\na b\n").1, "0\n");
}

#[test]
fn inputs_out_of_proportion_are_refused_naming_the_size() {
    // Areas match, but the placement lists of a 300x300 square piece on a 300x300 board
    // would need 8.1e9 cells.
    let dir = temp("budget");
    let piece = dir.join("square.txt");
    std::fs::write(&piece, format!("big\n{}", format!("{}\n", "#".repeat(300)).repeat(300))).unwrap();
    rejects(&["pack", "--rect", "300x300", "--pieces", piece.to_str().unwrap()], "", &["8100000000 placement cells", "at most 67108864"]);
    // A DIMACS header of 6.7e7 variables and no clause took 660 MB.
    rejects(&["sat2"], "p cnf 67000000 0\n", &["line 1", "67000000 variables"]);
    // An SVG of a 600x600 laser grid (360000 cells) is refused before solving.
    let grid = format!("1\n600 600\n{}", format!("{}\n", "#".repeat(600)).repeat(600));
    let svg = dir.join("big.svg");
    rejects(&["laser", "--svg", svg.to_str().unwrap()], &grid, &["360000 cells"]);
    assert!(!svg.exists());
    // A Mayan move count the search cannot finish.
    rejects(&["mayan"], "8\n1 1 0\n2 2 0\n1 0\n0\n0\n", &["line 1", "1 to 7"]);
}

#[test]
fn long_options_parse_in_linear_time() {
    // One option of 200000 items (quadratic before: seconds; a 400000-item option took
    // 28 s). The answer is the option itself.
    let items: Vec<String> = (0..200_000).map(|i| format!("i{i}")).collect();
    let line = items.join(" ");
    let (code, out, _) = stdout_of(&["xc"], &format!("{line}\n{line}\n"));
    assert_eq!(code, 0);
    assert_eq!(out, format!("{line}\n"));
    // A repeated item deep in a long option is still found.
    let repeated = format!("{line}\n{line} i5\n");
    rejects(&["xc"], &repeated, &["line 2", "'i5' appears twice"]);
}

#[test]
fn time_limit_prints_nothing_and_exits_3() {
    let (code, out, err) = stdout_of(&["pack", "--rect", "5x11", "--pieces", "kanoodle", "--count", "--time-limit", "0.01"], "");
    // The count takes about 0.2 s: it may not finish in 0.01 s.
    if code == 3 {
        assert!(out.is_empty(), "{out}");
        assert!(err.contains("time limit"), "{err}");
    } else {
        assert_eq!((code, out.as_str()), (0, "371020\n"));
    }
    // A count that takes seconds (dancing links on 6x10) stops.
    let dlx = "tests/data/pack/pentominoes-6x10.dlx";
    let (code, out, err) = stdout_of(&["xc", "--count", "--time-limit", "0.3", dlx], "");
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    // A listing stopped by the limit keeps only whole solutions (12 options each).
    let (code, out, _) = stdout_of(&["xc", "--all", "--time-limit", "0.3", dlx], "");
    assert_eq!(code, 3);
    assert!(out.is_empty() || out.ends_with('\n'));
    for solution in out.split("\n\n").filter(|s| !s.is_empty()) {
        assert_eq!(solution.trim_end().lines().count(), 12, "{solution:?}");
    }
    rejects_usage(&["beads", "--time-limit", "0"], "", &["seconds"]);
    rejects_usage(&["beads", "--time-limit", "nan"], "", &["seconds"]);
}

#[test]
fn limit_stops_after_n_solutions() {
    let solutions = |args: &[&str]| stdout_of(args, "").1.split("\n\n").filter(|s| !s.trim().is_empty()).count();
    assert_eq!(solutions(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--limit", "3"]), 3);
    assert_eq!(solutions(&["pack", "--rect", "3x20", "--pieces", "pentominoes", "--limit", "100"]), 8);
    // Uniqueness: 3x20 has two packings up to symmetry, so --limit 2 shows two.
    assert_eq!(solutions(&["pack", "--rect", "3x20", "--pieces", "pentominoes", "--unique", "--limit", "2"]), 2);
    rejects_usage(&["pack", "--rect", "3x20", "--pieces", "pentominoes", "--limit", "0"], "", &["--limit"]);
    rejects_usage(&["pack", "--rect", "3x20", "--pieces", "pentominoes", "--count", "--limit", "2"], "", &["--limit"]);
    let json = stdout_of(&["xc", "--limit", "2", "--format", "json", "tests/data/pack/pentominoes-6x10.dlx"], "").1;
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["solutions"].as_array().unwrap().len(), 2);
}

#[test]
fn no_flag_is_silently_ignored() {
    // --all --unique lists one packing per class: 2 for 3x20, as --count --unique says.
    let all = stdout_of(&["pack", "--rect", "3x20", "--pieces", "pentominoes", "--all", "--unique"], "").1;
    assert_eq!(all.split("\n\n").count(), 2);
    let count = stdout_of(&["pack", "--rect", "3x20", "--pieces", "pentominoes", "--count", "--unique"], "").1;
    assert_eq!(count, "2\n");
    // Beads: the empty tray's 32288 completions fall into 16144 mirror classes; the
    // listing with --unique has one per class (counted on the first 3000 lines' worth).
    let unique = stdout_of(&["beads", "--limit", "50", "--unique", "examples/beads/empty.txt"], "").1;
    assert_eq!(unique.split("\n\n").count(), 50);
    rejects_usage(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--emit-knuth", "--unique"], "", &["--unique"]);
    // Flags that cannot be honoured together are refused naming both, never ignored
    // (issue 54, items 8 and 16).
    let dir = temp("conflicts");
    let cp = dir.join("c.jsonl");
    let cp = cp.to_str().unwrap();
    let zdd = dir.join("z.zdd");
    let zdd = zdd.to_str().unwrap();
    let priced = "a b\na |1\nb |2\na b |4\n";
    for (args, named) in [
        (vec!["xc", "--min-cost", "--count", "--checkpoint", cp], ["--min-cost", "--checkpoint"]),
        (vec!["xc", "--zdd", zdd, "--checkpoint", cp], ["--zdd", "--checkpoint"]),
        (vec!["xc", "--min-cost", "--threads", "2"], ["--min-cost", "--threads"]),
        (vec!["xc", "--best", "2", "--shard", "1/2"], ["--best", "--shard"]),
        (vec!["xc", "--sample", "2", "--checkpoint", cp, "--count"], ["--sample", "--count"]),
    ] {
        let err = rejects_usage(&args, priced, &named);
        assert!(err.contains("cannot be used with"), "{args:?}: {err}");
    }
    for args in [
        &["xc", "--sample", "2", "--checkpoint", cp][..],
        &["pack", "--rect", "2x2", "--pieces", "dominoes", "--copies", "*", "--sample", "1", "--checkpoint", cp],
    ] {
        rejects(args, priced, &["--sample", "--checkpoint"]);
    }
    assert!(!std::path::Path::new(cp).exists() && !std::path::Path::new(zdd).exists());
    // A checkpoint is a regular file of bounded length: /dev/zero was read forever
    // (issue 54, item 5).
    let long = dir.join("long.jsonl");
    std::fs::write(&long, vec![b'x'; 200 * 1024]).unwrap();
    let folder = dir.to_str().unwrap();
    for (target, says) in [
        ("/dev/zero", "not a regular file"),
        ("/dev/full", "not a regular file"),
        (folder, "not a regular file"),
        (long.to_str().unwrap(), "longer than"),
    ] {
        let args = ["pack", "--rect", "4x4", "--pieces", "dominoes", "--copies", "*", "--count", "--parts", "16", "--checkpoint", target];
        rejects(&args, "", &[target, says]);
        rejects(&["xc", "--count", "--parts", "16", "--checkpoint", target], "a b\na\nb\n", &[target, says]);
    }
    // A device as input is refused at once, not read to the 4 GiB limit (issue 54, item 5).
    for args in [
        &["xc", "/dev/zero"][..],
        &["sat2", "/dev/zero"],
        &["burr", "/dev/zero"],
        &["pack", "--board", "/dev/zero", "--pieces", "dominoes"],
        &["laser", "/dev/urandom"],
    ] {
        rejects(args, "", &["a device, not a file or a pipe"]);
    }
    rejects(&["sudoku", "/dev/zero"], "", &["line 1: longer than"]);
    // A count's flags with a listing: refused, never ignored (issue 54, item 7).
    let dominoes = ["pack", "--rect", "2x2", "--pieces", "dominoes", "--copies", "*"];
    for extra in [
        &["--all", "--shard", "1/2"][..],
        &["--limit", "3", "--shard", "2/2"],
        &["--all", "--threads", "2"],
        &["--all", "--checkpoint", "c.jsonl"],
    ] {
        let flag = extra[extra.len() - 2];
        rejects_usage(&[&dominoes[..], extra].concat(), "", &[flag, "cannot be used with"]);
        rejects_usage(&[&["xc"][..], extra].concat(), "a b\na\nb\n", &[flag, "cannot be used with"]);
    }
    rejects(&["mayan", "--explain", "--format", "json"], "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", &["--explain"]);
    let dir = temp("flags");
    let svg = dir.join("a.svg");
    rejects(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--all", "--svg", svg.to_str().unwrap()], "", &["--svg"]);
    rejects(&["beads", "--all", "--svg", svg.to_str().unwrap(), "examples/beads/sample.txt"], "", &["--svg"]);
    rejects(&["beads", "--unique", "examples/beads/sample.txt"], "", &["--unique"]);
    assert!(!svg.exists());
}

#[test]
fn long_piece_names_get_a_legend() {
    let dir = temp("legend");
    let pieces = dir.join("pieces.txt");
    std::fs::write(&pieces, "left L\n#.\n##\n\nright L\n##\n.#\n").unwrap();
    let (code, out, _) = stdout_of(&["pack", "--rect", "2x3", "--pieces", pieces.to_str().unwrap()], "");
    assert_eq!(code, 0);
    assert!(out.contains("A left L\nB right L\n"), "{out}");
    let svg = dir.join("legend.svg");
    let (code, _, _) = stdout_of(&["pack", "--rect", "2x3", "--pieces", pieces.to_str().unwrap(), "--svg", svg.to_str().unwrap()], "");
    assert_eq!(code, 0);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains(">left L<") && picture.contains(">right L<"));
    // The drawing and its legend pass the judge.
    let answer = dir.join("answer.txt");
    std::fs::write(&answer, &out).unwrap();
    let board = dir.join("board.txt");
    std::fs::write(&board, "...\n...\n").unwrap();
    let (code, verdict, _) =
        stdout_of(&["check", "pack", "--pieces", pieces.to_str().unwrap(), board.to_str().unwrap(), answer.to_str().unwrap()], "");
    assert_eq!((code, verdict.as_str()), (0, "ok\n"));
}

#[test]
fn emitted_knuth_names_are_always_read_back() {
    let dir = temp("knuth");
    let pieces = dir.join("pieces.txt");
    // A piece named like a cell, one with a colon and one with a bar.
    std::fs::write(&pieces, "r0c0\n##\n\na:b\n##\n\nc|d\n##\n").unwrap();
    let (code, text, _) = stdout_of(&["pack", "--rect", "2x3", "--pieces", pieces.to_str().unwrap(), "--emit-knuth"], "");
    assert_eq!(code, 0);
    let (code, count, err) = stdout_of(&["xc", "--count"], &text);
    assert_eq!(code, 0, "{err}");
    let (_, packs, _) = stdout_of(&["pack", "--rect", "2x3", "--pieces", pieces.to_str().unwrap(), "--count"], "");
    assert_eq!(count, packs);
    assert_ne!(count, "0\n");
}

#[test]
fn messages_never_echo_control_bytes() {
    let (code, _, err) = stdout_of(&["pack", "--rect", "6x10", "--pieces", "pent\u{1b}[31mominoes"], "");
    assert_eq!(code, 2);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("\\u{1b}"), "{err:?}");
    let (code, _, err) = stdout_of(&["xc"], "a b\na \u{7}c\n");
    assert_eq!(code, 2);
    assert!(!err.contains('\u{7}') && err.lines().count() == 1, "{err:?}");
}

#[test]
fn write_failures_exit_1_in_every_format() {
    for format in ["text", "json"] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("gridlock"));
        cmd.args(["pack", "--rect", "6x10", "--pieces", "pentominoes", "--all", "--format", format]).stdout(full);
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{format}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("writing the answer"));
    }
}

/// `/dev/null` opened read-write, as Python's `subprocess.DEVNULL` gives it, is a place to
/// write, not a closed stdout: gridlock once took it for one (Rust's runtime reopens a
/// closed descriptor 1 the same way) and exited 1 from every such run.
#[test]
fn dev_null_is_a_place_to_write_however_it_is_opened() {
    let bin = assert_cmd::cargo::cargo_bin("gridlock");
    let run = |redirect: &str| {
        let script = format!("'{}' beads examples/beads/sample.txt {redirect}", bin.display());
        std::process::Command::new("sh").args(["-c", &script]).output().unwrap()
    };
    for redirect in ["> /dev/null", "1<> /dev/null"] {
        let out = run(redirect);
        assert_eq!(out.status.code(), Some(0), "{redirect}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(out.stderr.is_empty(), "{redirect}");
    }
    let null = std::fs::OpenOptions::new().read(true).write(true).open("/dev/null").unwrap();
    let out = std::process::Command::new(&bin).args(["beads", "--count", "examples/beads/sample.txt"]).stdout(null).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn svg_files_are_written_whole_and_never_over_the_input() {
    let dir = temp("svg");
    let input = dir.join("tray.txt");
    std::fs::copy("examples/beads/sample.txt", &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    rejects(&["beads", "--svg", input.to_str().unwrap(), input.to_str().unwrap()], "", &["input file"]);
    assert_eq!(std::fs::read(&input).unwrap(), before);
    // Into a folder that does not exist: exit 1, and no file or temporary left.
    let missing = dir.join("no-such-dir").join("a.svg");
    let (code, out, _) = stdout_of(&["beads", "--svg", missing.to_str().unwrap(), input.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(out.is_empty());
    // "-": the picture on stdout instead of the answer.
    let (code, out, _) = stdout_of(&["beads", "--svg", "-", input.to_str().unwrap()], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("<svg"), "{out}");
    let written = dir.join("ok.svg");
    assert_eq!(stdout_of(&["beads", "--svg", written.to_str().unwrap(), input.to_str().unwrap()], "").0, 0);
    let leftovers: Vec<_> =
        std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().ends_with(".tmp")).collect();
    assert!(leftovers.is_empty());
    assert!(std::fs::read_to_string(&written).unwrap().ends_with("</svg>\n"));
}

/// Every command that reads an input, on what a hostile user gives it instead of a file:
/// `/dev/zero` and `/dev/full` as stdin and as the file, a pipe flooded with zeros, a
/// directory, and a FIFO (read like a file: its answer is the file's). Each is refused at
/// once with one line and exit 2 (the FIFO answered), and the process's peak memory stays
/// under 200 MB (the kernel's count, read by `wait4`): stdin from /dev/zero was once read
/// to the 4 GiB limit (4.2 GB) before being refused (issue 54).
#[test]
fn every_reader_refuses_devices_floods_and_directories_in_little_memory() {
    use crate::common::measured;
    use std::process::Stdio;
    let dir = temp("readers");
    let folder = dir.to_str().unwrap().to_string();
    let xc = dir.join("problem.dlx");
    std::fs::write(&xc, "A B C | x\nA B\nC x\nA\nB C\n").unwrap();
    let xc = xc.to_str().unwrap().to_string();
    // Each command with a file it answers.
    let commands: [(&[&str], &str); 9] = [
        (&["beads"], "examples/beads/sample.txt"),
        (&["laser"], "tests/data/laser/sample.in"),
        (&["sat2"], "examples/sat2/small.cnf"),
        (&["mayan"], "tests/data/mayan/mayan2.in"),
        (&["xc", "--count"], &xc),
        (&["sudoku"], "examples/sudoku/two.txt"),
        (&["twins"], "tests/data/twins/sample.in"),
        (&["burr", "--count"], "examples/burr/soma.xmpuzzle"),
        (&["check", "beads", "examples/beads/sample.txt"], "examples/beads/sample.txt"),
    ];
    let small = |m: &crate::common::Measured, what: &str| {
        assert!(m.peak_kib < 200 * 1024, "{what}: peak {} KiB", m.peak_kib);
    };
    for (command, file) in commands {
        let refused = |m: crate::common::Measured, what: &str| {
            assert_eq!(m.code, Some(2), "{command:?} {what}: {}", m.stderr);
            assert!(m.stdout.is_empty(), "{command:?} {what}");
            assert_eq!(m.stderr.lines().count(), 1, "{command:?} {what}: {}", m.stderr);
            small(&m, what);
        };
        // `check` reads its input and output files, not stdin: they are the files here.
        let checked = command[0] == "check";
        for device in ["/dev/zero", "/dev/full"] {
            let mut args = command.to_vec();
            if checked {
                args.truncate(2);
                args.extend([device, file]);
            } else {
                args.push(device);
            }
            refused(measured(&args, Stdio::null()), device);
            if !checked {
                let stdin = std::fs::File::open(device).unwrap();
                refused(measured(command, stdin.into()), &format!("< {device}"));
            }
        }
        let mut args = command.to_vec();
        if checked {
            args.truncate(2);
            args.extend([folder.as_str(), file]);
        } else {
            args.push(&folder);
        }
        refused(measured(&args, Stdio::null()), "a directory");
        if checked {
            continue;
        }
        // A pipe flooded with zeros: refused at its first block (text), or at the size
        // limit or the format (burr's gzip'd bytes), never read on and on.
        let (reader, mut writer) = std::io::pipe().unwrap();
        let flood = std::thread::spawn(move || {
            let block = vec![0u8; 1 << 16];
            let mut sent = 0u64;
            while sent < 1 << 32 && std::io::Write::write_all(&mut writer, &block).is_ok() {
                sent += block.len() as u64;
            }
        });
        refused(measured(command, reader.into()), "a flood of zeros");
        flood.join().unwrap();
        // A FIFO is read as the file it carries.
        let want = measured(&[command, &[file]].concat(), Stdio::null());
        assert_eq!(want.code, Some(0), "{command:?} {file}: {}", want.stderr);
        let fifo = dir.join("fifo");
        let _ = std::fs::remove_file(&fifo);
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let (from, to) = (file.to_string(), fifo.clone());
        let feeder = std::thread::spawn(move || std::fs::write(&to, std::fs::read(from).unwrap()).unwrap());
        let got = measured(&[command, &[fifo.to_str().unwrap()]].concat(), Stdio::null());
        feeder.join().unwrap();
        assert_eq!((got.code, got.stdout.replace(fifo.to_str().unwrap(), file)), (Some(0), want.stdout), "{command:?} via a FIFO");
        small(&got, "a FIFO");
    }
}

/// Every file a command writes (`--svg`, `--write-xmpuzzle`), aimed at `/dev/full` or a
/// directory: exit 1 with one line saying what could not be written, nothing on stdout;
/// aimed at a FIFO with a reader: the reader gets the whole file.
#[test]
fn every_written_file_fails_cleanly_on_full_devices_and_directories() {
    use crate::common::measured;
    use std::process::Stdio;
    let dir = temp("writers");
    let folder = dir.to_str().unwrap().to_string();
    let writers: [&[&str]; 4] = [
        &["pack", "--rect", "6x10", "--pieces", "pentominoes", "--svg"],
        &["sudoku", "examples/sudoku/two.txt", "--svg"],
        &["burr", "examples/burr/soma.xmpuzzle", "--svg"],
        &["burr", "examples/burr/soma.xmpuzzle", "--write-xmpuzzle"],
    ];
    for writer in writers {
        for target in ["/dev/full", folder.as_str()] {
            let m = measured(&[writer, &[target]].concat(), Stdio::null());
            assert_eq!(m.code, Some(1), "{writer:?} {target}: {}", m.stderr);
            assert!(m.stdout.is_empty(), "{writer:?} {target}");
            assert_eq!(m.stderr.lines().count(), 1, "{}", m.stderr);
            assert!(m.stderr.contains("writing") && m.stderr.contains(target), "{}", m.stderr);
        }
        let file = dir.join("whole");
        let m = measured(&[writer, &[file.to_str().unwrap()]].concat(), Stdio::null());
        assert_eq!(m.code, Some(0), "{}", m.stderr);
        let fifo = dir.join("fifo");
        let _ = std::fs::remove_file(&fifo);
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let from = fifo.clone();
        let reader = std::thread::spawn(move || std::fs::read(from).unwrap());
        let m = measured(&[writer, &[fifo.to_str().unwrap()]].concat(), Stdio::null());
        assert_eq!(m.code, Some(0), "{}", m.stderr);
        let got = reader.join().unwrap();
        let want = std::fs::read(&file).unwrap();
        assert!(!want.is_empty());
        if writer.contains(&"--write-xmpuzzle") {
            // The solving time inside may differ; the length is the file's.
            assert!(got.len().abs_diff(want.len()) < 8, "{writer:?} via a FIFO");
        } else {
            assert_eq!(got, want, "{writer:?} via a FIFO");
        }
    }
}
