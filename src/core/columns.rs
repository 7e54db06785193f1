//! Tables of columns for an 80-column terminal (analyse, rollout, the error-rate
//! table). A cell may hold several lines (a long move wrapped under itself); columns
//! that do not fit beside the others go to continuation lines, indented under the
//! row's key columns, so no line is ever wider than asked.

/// How a column's cells sit in its width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Text starts at the column's left edge (names, moves).
    Left,
    /// Text ends at the column's right edge (numbers).
    Right,
}

/// A table being filled row by row, then laid out by [`Columns::render`].
#[derive(Clone, Debug)]
pub struct Columns {
    headers: Vec<(String, Align)>,
    rows: Vec<Vec<Vec<String>>>,
    /// Spaces before each column but the first, one per column.
    gaps: Vec<usize>,
    /// How many leading columns name the row; continuation lines start under the next.
    key: usize,
}

impl Columns {
    /// A table with these column headers and alignments, one space between columns and
    /// the first column as the key.
    pub fn new(headers: &[(&str, Align)]) -> Columns {
        Columns {
            headers: headers.iter().map(|(h, a)| (h.to_string(), *a)).collect(),
            rows: Vec::new(),
            gaps: vec![1; headers.len()],
            key: 1,
        }
    }

    /// Puts `gap` spaces before column `column` (the first column's gap is ignored).
    pub fn gap(mut self, column: usize, gap: usize) -> Columns {
        if let Some(g) = self.gaps.get_mut(column) {
            *g = gap;
        }
        self
    }

    /// Puts `gap` spaces before every column from `column` on.
    pub fn gaps_from(mut self, column: usize, gap: usize) -> Columns {
        for g in self.gaps.iter_mut().skip(column) {
            *g = gap;
        }
        self
    }

    /// Makes the first `key` columns the row's key: they stay on the row's first line,
    /// and continuation lines are indented by their width.
    pub fn key(mut self, key: usize) -> Columns {
        self.key = key.clamp(1, self.headers.len().max(1));
        self
    }

    /// Adds a row of one-line cells (missing cells are empty).
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells.into_iter().map(|c| vec![c]).collect());
    }

    /// Adds a row whose cells may span several lines.
    pub fn row_lines(&mut self, cells: Vec<Vec<String>>) {
        self.rows.push(cells);
    }

    fn cell(&self, row: usize, column: usize) -> &[String] {
        self.rows[row].get(column).map_or(&[], |c| c.as_slice())
    }

    fn widths(&self) -> Vec<usize> {
        (0..self.headers.len())
            .map(|c| {
                let cells = (0..self.rows.len()).flat_map(|r| self.cell(r, c).iter());
                cells
                    .chain(std::iter::once(&self.headers[c].0))
                    .map(|s| s.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect()
    }

    /// The columns in bands that each fit `width`: the first band starts at the left
    /// edge, the others after the key columns' width.
    fn bands(&self, widths: &[usize], width: usize) -> (Vec<std::ops::Range<usize>>, usize) {
        let indent: usize = (0..self.key)
            .map(|c| self.gaps[c] * usize::from(c > 0) + widths[c])
            .sum();
        let mut bands = Vec::new();
        let mut start = 0;
        let mut used = 0;
        for (c, (&w, &gap)) in widths.iter().zip(&self.gaps).enumerate() {
            let beside = used + gap + w;
            if c == start {
                used = if bands.is_empty() { w } else { indent + gap + w };
            } else if c >= self.key && beside > width {
                bands.push(start..c);
                start = c;
                used = indent + gap + w;
            } else {
                used = beside;
            }
        }
        bands.push(start..widths.len());
        (bands, indent)
    }

    /// The lines of the table (header first), none wider than `width` unless one cell
    /// alone is; trailing spaces are trimmed.
    pub fn render(&self, width: usize) -> Vec<String> {
        let widths = self.widths();
        let (bands, indent) = self.bands(&widths, width);
        let headers: Vec<Vec<String>> = self.headers.iter().map(|(h, _)| vec![h.clone()]).collect();
        let mut lines = Vec::new();
        let mut emit = |cells: &dyn Fn(usize) -> Vec<String>| {
            for (b, band) in bands.iter().enumerate() {
                let height = band.clone().map(|c| cells(c).len()).max().unwrap_or(0).max(1);
                for l in 0..height {
                    let mut line = if b == 0 { String::new() } else { " ".repeat(indent) };
                    for c in band.clone() {
                        if c > band.start || b > 0 {
                            line.push_str(&" ".repeat(self.gaps[c]));
                        }
                        let text = cells(c).get(l).cloned().unwrap_or_default();
                        let pad = widths[c].saturating_sub(text.chars().count());
                        match self.headers[c].1 {
                            Align::Left => line.push_str(&format!("{text}{}", " ".repeat(pad))),
                            Align::Right => line.push_str(&format!("{}{text}", " ".repeat(pad))),
                        }
                    }
                    let trimmed = line.trim_end();
                    if !(b > 0 && trimmed.is_empty()) {
                        lines.push(trimmed.to_string());
                    }
                }
            }
        };
        emit(&|c| headers[c].clone());
        for r in 0..self.rows.len() {
            emit(&|c| self.cell(r, c).to_vec());
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::{Align, Columns};

    #[test]
    fn a_narrow_table_is_one_line_per_row() {
        let mut table = Columns::new(&[("move", Align::Left), ("win", Align::Right)]);
        table.row(vec!["24/18".into(), "54.1%".into()]);
        assert_eq!(table.render(80), ["move    win", "24/18 54.1%"]);
    }

    #[test]
    fn multi_line_cells_stack_under_their_column() {
        let mut table = Columns::new(&[
            ("turn", Align::Right),
            ("played", Align::Left),
            ("loss", Align::Right),
        ]);
        table.row_lines(vec![
            vec!["10.".into()],
            vec!["24/23 23/22".into(), "2/1".into()],
            vec!["0.1".into()],
        ]);
        assert_eq!(
            table.render(80),
            ["turn played      loss", " 10. 24/23 23/22  0.1", "     2/1"]
        );
    }

    #[test]
    fn columns_beyond_the_width_go_to_indented_continuation_lines() {
        let headers: Vec<(String, Align)> = (0..8).map(|i| (format!("column{i}"), Align::Right)).collect();
        let refs: Vec<(&str, Align)> = headers.iter().map(|(h, a)| (h.as_str(), *a)).collect();
        let mut table = Columns::new(&refs).gap(1, 2);
        table.row((0..8).map(|i| format!("{}", i * 1000)).collect());
        let lines = table.render(40);
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:#?}");
        // Every column's header and value are still there, the key only once per row.
        let all = lines.join("\n");
        for i in 0..8 {
            assert!(all.contains(&format!("column{i}")), "{all}");
        }
        assert_eq!(all.matches("column0").count(), 1);
        assert!(lines.len() > 2);
        assert!(lines[1].starts_with(' '), "{lines:#?}");
    }
}
