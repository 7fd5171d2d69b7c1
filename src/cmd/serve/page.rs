//! The page (embedded HTML, CSS and JavaScript) and the API calls only it needs: the
//! built-in sets, and pictures drawn by the tree's SVG renderer (`puzzles::svg`).

use super::refuse;
use axum::body::Bytes;
use axum::extract::RawQuery;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use polyform::{Cell, Lattice, Piece};
use serde_json::{json, Value};

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        ],
        body,
    )
        .into_response()
}

/// `GET /`: the page.
pub async fn index() -> Response {
    let mut response = asset("text/html; charset=utf-8", INDEX);
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
        ),
    );
    response
}

/// `GET /app.js`: the page's script (a plain module).
pub async fn script() -> Response {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

/// `GET /style.css`: the page's style sheet.
pub async fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE)
}

/// The lattice called `name` (as the command line spells it).
fn lattice_named(name: &str) -> Option<Lattice> {
    Lattice::ALL.into_iter().find(|l| l.name() == name)
}

/// A cell as docs/json.md writes it ([`puzzles::pack::artist::coordinates`]).
fn cell_json(lattice: Lattice, c: Cell) -> Value {
    json!(puzzles::pack::artist::coordinates(lattice, c))
}

/// The named sets with their lattices and pieces.
fn set_list() -> Vec<(&'static str, Lattice, Vec<Piece>)> {
    polyform::sets::SETS.iter().map(|s| (s.name.as_ref(), s.lattice, s.pieces())).collect()
}

/// `GET /api/sets`: every named piece set, `{"sets": [{"name", "lattice", "pieces":
/// [{"name", "cells"}]}]}`, cells as in docs/json.md.
pub async fn sets() -> Response {
    let sets: Vec<Value> = set_list()
        .into_iter()
        .map(|(name, lattice, pieces)| {
            let pieces: Vec<Value> = pieces
                .iter()
                .map(|p| json!({ "name": p.name, "cells": p.shape.cells().iter().map(|&c| cell_json(lattice, c)).collect::<Vec<_>>() }))
                .collect();
            json!({ "name": name, "lattice": lattice.name(), "pieces": pieces })
        })
        .collect();
    axum::Json(json!({ "sets": sets })).into_response()
}

/// A cell from its JSON form on `lattice`, or `None` when it is not one.
fn cell_of(lattice: Lattice, v: &Value) -> Option<Cell> {
    let a = v.as_array()?;
    let n: Vec<i32> = a.iter().map(|x| x.as_i64().and_then(|x| i32::try_from(x).ok())).collect::<Option<_>>()?;
    let c = match (lattice, n.as_slice()) {
        (Lattice::Square | Lattice::Hexagonal, [x, y]) => Cell::new(*x, *y, 0),
        (Lattice::Triangular | Lattice::Cubic | Lattice::TriangularPrism | Lattice::Stick | Lattice::Trig, [x, y, z]) => {
            Cell::new(*x, *y, *z)
        }
        _ => return None,
    };
    lattice.contains(c).then_some(c)
}

/// `POST /api/draw`: a picture by the tree's renderer (`puzzles::svg::lattice`) of a
/// board and tiles. The body: `{"lattice", "board"?: a board drawing (docs: README,
/// "Drawings on every lattice"), "tiles"?: [{"piece", "cells"}]}`; the board's cells are
/// drawn empty, the tiles' cells in their piece's colour. Answers `image/svg+xml`, or 400
/// with the one-line message of the board's parser.
///
/// With `?errors=inline` (what the page asks), a refusal is 200 with the JSON
/// `{"error": message}` instead of 400, so that the browser logs no failed request.
pub async fn draw(RawQuery(query): RawQuery, body: Bytes) -> Response {
    let inline = super::inline_errors(&query);
    let response = draw_picture(&body);
    if inline && response.status() == StatusCode::BAD_REQUEST {
        let (mut parts, body) = response.into_parts();
        parts.status = StatusCode::OK;
        return Response::from_parts(parts, body);
    }
    response
}

fn draw_picture(body: &[u8]) -> Response {
    let request: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, format_args!("the request body: line {}, column {}: {e}", e.line(), e.column())),
    };
    // Every field of the body is one of three, of its type: nothing is ignored.
    let Some(fields) = request.as_object() else {
        return refuse(StatusCode::BAD_REQUEST, "the request body is a JSON object {\"lattice\", \"board\", \"tiles\"}");
    };
    if let Some(other) = fields.keys().find(|k| !matches!(k.as_str(), "lattice" | "board" | "tiles")) {
        return refuse(StatusCode::BAD_REQUEST, format_args!("no field {other:?}: a picture is {{\"lattice\", \"board\", \"tiles\"}}"));
    }
    for (field, ok, what) in [
        ("lattice", fields.get("lattice").is_none_or(|v| v.is_null() || v.is_string()), "a lattice's name"),
        ("board", fields.get("board").is_none_or(|v| v.is_null() || v.is_string()), "a board drawing (a string)"),
        ("tiles", fields.get("tiles").is_none_or(|v| v.is_null() || v.is_array()), "a list of {\"piece\", \"cells\"}"),
    ] {
        if !ok {
            return refuse(StatusCode::BAD_REQUEST, format_args!("\"{field}\" is {what}"));
        }
    }
    let board_text = request.get("board").and_then(Value::as_str);
    let named = request.get("lattice").and_then(Value::as_str);
    let mut lattice = match named.map(lattice_named) {
        Some(Some(l)) => l,
        Some(None) => return refuse(StatusCode::BAD_REQUEST, "\"lattice\": square, triangular, hexagonal, cubic, prism, stick or trig"),
        None => Lattice::Square,
    };
    let mut cells: Vec<(Cell, Option<usize>)> = Vec::new();
    let mut index: std::collections::HashMap<Cell, usize> = std::collections::HashMap::new();
    if let Some(text) = board_text {
        match puzzles::pack::drawing::file_lattice(text) {
            Ok((Some(l), _)) => lattice = l,
            Ok((None, _)) => {}
            Err(e) => return refuse(StatusCode::BAD_REQUEST, format_args!("board: {e}")),
        }
        match puzzles::pack::drawing::parse_board(text, lattice) {
            Ok(region) => {
                for &c in region.cells() {
                    index.insert(c, cells.len());
                    cells.push((c, None));
                }
            }
            Err(e) => return refuse(StatusCode::BAD_REQUEST, format_args!("board: {e}")),
        }
    }
    let mut names = Vec::new();
    let tiles = request.get("tiles").and_then(Value::as_array).cloned().unwrap_or_default();
    for (k, tile) in tiles.iter().enumerate() {
        let (Some(piece), Some(tile_cells)) = (tile.get("piece").and_then(Value::as_str), tile.get("cells").and_then(Value::as_array))
        else {
            return refuse(
                StatusCode::BAD_REQUEST,
                format_args!("tile {}: a tile is {{\"piece\": a name, \"cells\": a list of cells}}", k + 1),
            );
        };
        names.push(piece.to_string());
        for v in tile_cells {
            let Some(c) = cell_of(lattice, v) else {
                return refuse(
                    StatusCode::BAD_REQUEST,
                    format_args!("tile {}: {v} is not a cell of the {} lattice", k + 1, lattice.name()),
                );
            };
            match index.get(&c) {
                Some(&i) => cells[i].1 = Some(k),
                None => {
                    index.insert(c, cells.len());
                    cells.push((c, Some(k)));
                }
            }
        }
        if cells.len() > crate::output::MAX_SVG_CELLS {
            break;
        }
    }
    if cells.is_empty() {
        return refuse(StatusCode::BAD_REQUEST, "nothing to draw: give a board or tiles");
    }
    if cells.len() > crate::output::MAX_SVG_CELLS {
        return refuse(StatusCode::BAD_REQUEST, format_args!("pictures are drawn up to {} cells", crate::output::MAX_SVG_CELLS));
    }
    let picture = puzzles::svg::lattice(lattice, &cells, &names);
    ([(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"))], picture).into_response()
}
