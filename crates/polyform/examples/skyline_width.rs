//! Times the skyline search at fixed widths: `skyline_width DRAWING WIDTHS MAX_LENGTH
//! [LOOKAHEAD [THREADS [STATES_DIR]]]` (LOOKAHEAD: rows, or `auto`, the default; STATES_DIR: keep the
//! states in files there, [`Skyline::states_in`]) runs the search behind the orders (one piece, free, any number
//! of copies) at each width of WIDTHS (`34` or `30..34`) for the shortest rectangle at
//! most MAX_LENGTH long, and prints per width the answer, the states kept, the depth
//! reached and the seconds. DRAWING is the piece's rows joined by `/`, such as
//! `.#../###./####` (the octomino of order 246).
use polyform::skyline::{Shortest, Skyline, DEFAULT_MAX_STATES};
use polyform::{Copies, Freedom, Shape};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: skyline_width DRAWING WIDTHS MAX_LENGTH [LOOKAHEAD [THREADS [STATES_DIR]]]");
        std::process::exit(2);
    }
    let piece = Shape::from_drawing(&args[1].replace('/', "\n")).expect("a polyomino drawing");
    let widths: Vec<usize> = match args[2].split_once("..") {
        Some((a, b)) => (a.parse().unwrap()..=b.parse().unwrap()).collect(),
        None => vec![args[2].parse().unwrap()],
    };
    let max_length: usize = args[3].parse().unwrap();
    let lookahead: Option<usize> = args.get(4).filter(|s| *s != "auto").map(|s| s.parse().unwrap());
    let threads: usize = args.get(5).map_or(1, |s| s.parse().unwrap());
    let states_dir = args.get(6).map(std::path::PathBuf::from);
    let copies = [Copies { lo: 0, hi: None }];
    for width in widths {
        let t = std::time::Instant::now();
        let sky = Skyline::new(std::slice::from_ref(&piece), Freedom::Free, &copies, width)
            .unwrap()
            .lookahead_or_default(lookahead)
            .states_in(states_dir.clone());
        let (found, effort) =
            sky.shortest(max_length, polyform::skyline::Lengths::Any, DEFAULT_MAX_STATES * 16, threads, &mut |_| {}).unwrap();
        let answer = match found {
            Shortest::Found(n, _) => format!("{width} x {n}"),
            Shortest::None { exhausted: true } => "none at any length".to_string(),
            Shortest::None { exhausted: false } => format!("none up to length {max_length}"),
        };
        println!("width {width}: {answer}, {} states, depth {}, {:.2} s", effort.states, effort.depth, t.elapsed().as_secs_f64());
    }
}
