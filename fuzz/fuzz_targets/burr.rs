#![no_main]
//! Fuzz target: the `.xmpuzzle` reader (gzip or plain XML) never panics; on what it
//! accepts (results of at most 40 voxels, at most 8 pieces), every assembly fills the
//! result, every disassembly found replays by the rules' checker, and the file written
//! back with the answers reads again as the same puzzle.
use libfuzzer_sys::fuzz_target;
use burr::{self, disassemble, Saved, Solved};

fuzz_target!(|data: &[u8]| {
    let Ok(puzzle) = burr::parse(data) else { return };
    let mut solved = Vec::new();
    let mut kept = Vec::new();
    for (k, problem) in puzzle.problems.iter().enumerate() {
        let result = &puzzle.shapes[problem.result];
        let voxels = result.cells();
        let pieces: u32 = problem.parts.iter().map(|p| p.max).sum();
        if voxels.is_empty() || voxels.len() > 40 || pieces > 8 {
            continue;
        }
        let Ok(a) = burr::assemblies(&puzzle, k, 2000) else { continue };
        let mut answers = Vec::new();
        for assembly in a.classes.iter().take(20) {
            let mut covered: Vec<[i32; 3]> = assembly.iter().flat_map(|p| p.cells.iter().copied()).collect();
            covered.sort_unstable();
            let n = covered.len();
            covered.dedup();
            assert_eq!(n, covered.len(), "pieces overlap");
            for (c, v) in &voxels {
                if matches!(v, burr::Voxel::Filled(_)) {
                    assert!(covered.binary_search(c).is_ok(), "a filled voxel is left empty");
                }
            }
            let cells: Vec<Vec<[i32; 3]>> = assembly.iter().map(|p| p.cells.clone()).collect();
            let d = burr::disassemble(&cells, 12, 4000).ok();
            if let Some(d) = &d {
                assert_eq!(disassemble::check(&cells, &d.steps), Ok(()), "a disassembly breaks the rules");
            }
            answers.push((assembly.clone(), d));
        }
        kept.push((k, a.classes.len() as u64, answers));
    }
    for (k, count, answers) in &kept {
        let saved = answers
            .iter()
            .enumerate()
            .map(|(i, (assembly, d))| Saved { assembly, disassembly: d.as_ref(), assembly_number: i as u64, solution_number: i as u64 })
            .collect();
        solved.push(Solved { problem: *k, assemblies: *count, solutions: 0, seconds: 0, saved });
    }
    let written = burr::with_solutions(data, &puzzle, &solved).expect("a file read is written back");
    assert_eq!(burr::parse(&written).as_ref(), Ok(&puzzle), "the file written back reads differently");
});
