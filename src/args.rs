//! Arguments shared by several commands, defined once and flattened into each command's
//! own arguments (`#[command(flatten)]`), with the parsers of their values.

use clap::ValueEnum;
use std::path::PathBuf;

/// Output format of a solving command.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Debug)]
pub enum Format {
    /// The puzzle's own text format.
    Text,
    /// JSON, as documented in docs/json.md (one document; lists of solutions streamed).
    Json,
}

/// The input file (stdin when omitted or `-`) and the output format.
#[derive(clap::Args, Debug)]
pub struct Io {
    /// Input file; stdin when omitted or "-".
    pub file: Option<PathBuf>,
    /// Output format: the puzzle's text format, or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The answer drawn as an SVG picture.
#[derive(clap::Args, Debug)]
pub struct Picture {
    /// Also draw the answer as an SVG picture in FILE ("-": on stdout instead of the
    /// answer). The file is written whole (through a temporary file in its folder) or not
    /// at all, and never over the input file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// A contest puzzle command's input, output format and picture (`beads`, `laser`,
/// `mayan`, `twins`); [`crate::output::open_puzzle`] opens them.
#[derive(clap::Args, Debug)]
pub struct Puzzle {
    #[command(flatten)]
    pub io: Io,
    #[command(flatten)]
    pub picture: Picture,
}

/// Bounds on the run, for every solving command.
#[derive(clap::Args, Debug)]
pub struct Budget {
    /// Stop after SECONDS of wall time: nothing more is printed on stdout (answers already
    /// streamed by --all stay, each whole), a message goes to stderr, exit status 3.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<f64>,
}

/// The listing flags ([`Listing`]) that a count's flags refuse by name. `requires =
/// "count"` alone does not: clap does not require an argument that conflicts with one
/// given, and `--count` conflicts with `--all` and `--limit`.
const LISTING: [&str; 2] = ["all", "limit"];

/// How a count is spread over threads or processes.
#[derive(clap::Args, Debug)]
pub struct Scale {
    /// With --count: worker threads, 1 to the number of cores (the tree is cut into many
    /// more subtrees than threads).
    #[arg(long, default_value_t = 1, value_name = "N", requires = "count", conflicts_with_all = LISTING, value_parser = parse_threads)]
    pub threads: usize,
    /// With --count: count only part K of N deterministic parts of the search tree (N at
    /// most 1000000), so that separate processes can share a count (the parts add up; a
    /// part is the same whatever --threads).
    #[arg(long, value_name = "K/N", value_parser = parse_shard, requires = "count", conflicts_with_all = LISTING)]
    pub shard: Option<(usize, usize)>,
    /// With --count: cut the count into --parts parts and record each finished part in
    /// FILE (JSON lines, docs/checkpoint.md), appended and synced to the disk; run again
    /// with the same FILE after a crash or a kill, only the missing parts are counted. A
    /// FILE of another problem, command, cut or version is refused.
    #[arg(long, value_name = "FILE", requires = "count", conflicts_with_all = ["shard", "all", "limit"])]
    pub checkpoint: Option<PathBuf>,
    /// With --checkpoint: how many parts (1 to 4096), each a deterministic share of the
    /// search tree's subtrees, as --shard K/N cuts them.
    #[arg(long, value_name = "N", requires = "checkpoint", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub parts: u64,
}

/// Listing solutions: the first one, the first N, or all of them.
#[derive(clap::Args, Debug)]
pub struct Listing {
    /// Print every solution, separated by blank lines.
    #[arg(long)]
    pub all: bool,
    /// Print at most N solutions (so "--limit 2" tells whether the solution is unique).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
}

impl Listing {
    /// How many solutions to print: 1 by default, N with --limit, all with --all.
    pub fn wanted(&self) -> u64 {
        match (self.all, self.limit) {
            (_, Some(n)) => n,
            (true, None) => u64::MAX,
            (false, None) => 1,
        }
    }

    /// Whether the answer is a list (--all or --limit) rather than one solution.
    pub fn is_list(&self) -> bool {
        self.all || self.limit.is_some()
    }
}

/// Solutions drawn uniformly at random.
#[derive(clap::Args, Debug)]
pub struct Sampling {
    /// Print N solutions drawn independently and exactly uniformly at random, as --all
    /// prints them (repeats are possible): from the ZDD of every solution (see xc --zdd),
    /// each the solution of a rank drawn uniformly below the count; reproducible from
    /// --seed
    #[arg(long, value_name = "N", conflicts_with_all = ["count", "all", "limit"], value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub sample: Option<u64>,
    /// The seed of --sample's generator (xoshiro256++): the same seed, problem and
    /// version give the same samples
    #[arg(long, value_name = "S", default_value_t = 0, requires = "sample")]
    pub seed: u64,
    /// Stop with an error when the ZDD of --sample (or xc's --zdd) would have more than N
    /// nodes
    #[arg(long, value_name = "N", default_value_t = 50_000_000, value_parser = clap::value_parser!(u64).range(1..=4_000_000_000))]
    pub zdd_max_nodes: u64,
    /// Stop with an error when building the ZDD would take more than SIZE bytes (a number
    /// with K, M, G or T for powers of 1024): each node is charged 64 bytes, each
    /// subproblem remembered 80 bytes and a bit per item
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_bytes)]
    pub zdd_max_memory: usize,
}

impl Sampling {
    /// The limits of the ZDD that --zdd-max-nodes and --zdd-max-memory set.
    pub fn zdd_limit(&self) -> exact_cover::ZddLimit {
        exact_cover::ZddLimit { nodes: self.zdd_max_nodes as usize, bytes: self.zdd_max_memory }
    }
}

/// Parses a size in bytes: a number from 1, with an optional K, M, G or T (powers of
/// 1024; "KiB", "MB" and the like also read), at most 2^50.
pub fn parse_bytes(s: &str) -> Result<usize, String> {
    let bad = || format!("'{s}' is not a size such as 4096, 512M or 2G (from 1 byte to 1024T)");
    let t = s.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let n: u64 = number.parse().map_err(|_| bad())?;
    let shift = match unit.trim().to_ascii_uppercase().trim_end_matches("IB").trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    match n.checked_mul(1 << shift).filter(|b| (1..=1 << 50).contains(b)) {
        Some(b) => Ok(b as usize),
        None => Err(bad()),
    }
}

/// The largest shard count: far above any cluster, small enough that the subtree count
/// (threads x 32 x N) cannot overflow and the split costs no more than the whole count.
pub const MAX_SHARDS: usize = 1_000_000;

/// Parses "K/N" with 1 <= K <= N <= [`MAX_SHARDS`].
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not K/N with 1 <= K <= N <= {MAX_SHARDS}");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n || n > MAX_SHARDS {
        return Err(bad());
    }
    Ok((k, n))
}

/// Parses a thread count from 1 to the machine's cores. One thread is taken without
/// asking for the cores: clap parses the default `1` on every run, and finding the cores
/// reads the control group's files (about 0.03 ms, a few percent of a small run).
pub fn parse_threads(s: &str) -> Result<usize, String> {
    let n = s.parse::<usize>().ok();
    if n == Some(1) {
        return Ok(1);
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match n {
        Some(n) if (1..=cores).contains(&n) => Ok(n),
        _ => Err(format!("'{s}' is not a thread count from 1 to {cores} (this machine's cores)")),
    }
}

/// Parses a positive number of seconds (at most a year).
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t > 0.0 && t <= 366.0 * 86400.0 => Ok(t),
        _ => Err(format!("'{s}' is not a number of seconds above 0 (at most a year)")),
    }
}

/// Parses a number of seconds from 0 (at most a year): an interval, where 0 means
/// every time.
pub fn parse_interval(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if (0.0..=366.0 * 86400.0).contains(&t) => Ok(t),
        _ => Err(format!("'{s}' is not a number of seconds from 0 (at most a year)")),
    }
}

/// Parses "RxC" with both from 1 to `max`.
pub fn parse_size(s: &str, max: usize) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not ROWSxCOLUMNS with each from 1 to {max}");
    let (r, c) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (r, c): (usize, usize) = (r.trim().parse().map_err(|_| bad())?, c.trim().parse().map_err(|_| bad())?);
    if !(1..=max).contains(&r) || !(1..=max).contains(&c) {
        return Err(bad());
    }
    Ok((r, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_bounded() {
        assert_eq!(parse_shard("3/8"), Ok((3, 8)));
        for bad in ["0/3", "4/3", "1/1000001", "1/18446744073709551616", "x", "1/"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_threads("1"), Ok(1));
        for bad in ["0", "100000000000", "-1", "two"] {
            assert!(parse_threads(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_size("8x8", 64), Ok((8, 8)));
        for bad in ["1x9223372036854775809", "0x3", "65x1", "8by8"] {
            assert!(parse_size(bad, 64).is_err(), "{bad}");
        }
        for bad in ["0", "-1", "nan", "inf", "1e99"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_bytes("4096"), Ok(4096));
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("2GiB"), Ok(2 << 30));
        assert_eq!(parse_bytes("1k"), Ok(1024));
        for bad in ["0", "0G", "-1", "1.5G", "G", "1X", "2000T", "99999999999999999999"] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
    }
}

/// The lattices of `--lattice`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum, Debug)]
pub enum LatticeArg {
    /// Squares (polyominoes).
    Square,
    /// Triangles (polyiamonds).
    Triangular,
    /// Hexagons (polyhexes).
    Hexagonal,
    /// Cubes (polycubes).
    Cubic,
    /// Triangular prisms in layers (BurrTools' grid 1).
    Prism,
    /// Unit segments of the square grid (polysticks; pieces may not cross).
    Stick,
    /// Unit segments of the triangular grid (polytrigs; pieces may not cross).
    Trig,
}

impl LatticeArg {
    /// The lattice this value names.
    pub fn lattice(self) -> polyform::Lattice {
        use polyform::Lattice;
        match self {
            LatticeArg::Square => Lattice::Square,
            LatticeArg::Triangular => Lattice::Triangular,
            LatticeArg::Hexagonal => Lattice::Hexagonal,
            LatticeArg::Cubic => Lattice::Cubic,
            LatticeArg::Prism => Lattice::TriangularPrism,
            LatticeArg::Stick => Lattice::Stick,
            LatticeArg::Trig => Lattice::Trig,
        }
    }
}
