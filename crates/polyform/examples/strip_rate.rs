//! Times the transfer matrix: `strip_rate SET ROWS COLUMNS [COPIES]` counts the tilings
//! of the rectangle by SET (dominoes, ltromino, tetrominoes, pentominoes; each piece any
//! number of times, or COPIES such as 1 or 1..*) on the transfer matrix.
use polyform::transfer::{count_region, DEFAULT_MAX_STATES};
use polyform::{Copies, Freedom, Region, Shape};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let shapes: Vec<Shape> = match args[1].as_str() {
        "dominoes" => vec![Shape::from_drawing("##").unwrap()],
        "ltromino" => vec![Shape::from_drawing("##\n#.").unwrap()],
        "tetrominoes" => polyform::sets::tetrominoes().into_iter().map(|p| p.shape).collect(),
        _ => polyform::sets::pentominoes().into_iter().map(|p| p.shape).collect(),
    };
    let (r, c): (i32, i32) = (args[2].parse().unwrap(), args[3].parse().unwrap());
    let copy = args.get(4).map_or(Copies { lo: 0, hi: None }, |s| Copies::parse(s).unwrap());
    let copies = vec![copy; shapes.len()];
    let t = std::time::Instant::now();
    let count = count_region(&Region::rectangle(r, c), &shapes, Freedom::Free, &copies, DEFAULT_MAX_STATES, &mut |_, _| {}).unwrap();
    println!("{count} ({:.3} s)", t.elapsed().as_secs_f64());
}
