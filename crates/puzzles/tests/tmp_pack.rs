use polyomino::{sets, Freedom};
use puzzles::pack::*;
#[test]
fn t() {
    for (r, set) in [("6x10", "pentominoes"), ("5x11", "kanoodle"), ("3x20", "pentominoes")] {
        let s = PackSolver::new(rectangle(r).unwrap(), sets::by_name(set).unwrap(), Freedom::Free);
        let t = std::time::Instant::now();
        let u = s.count_with_symmetry(&RunOptions::default()).unwrap();
        eprintln!("RES {r} {u:?} in {:?}", t.elapsed());
    }
}
