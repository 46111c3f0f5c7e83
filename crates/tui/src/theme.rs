//! Colours and emphasis, with a colourless variant for `NO_COLOR`.

use martian_engine::Face;
use ratatui::style::{Color, Modifier, Style};

/// How things are emphasised: in colour, or (for `NO_COLOR`) with letters, words and weight only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    /// Colour unless the `NO_COLOR` convention asks for none (any non-empty value).
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { color: !no_color }
    }

    fn tint(self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    pub fn face_color(face: Face) -> Color {
        match face {
            Face::Tank => Color::Red,
            Face::DeathRay => Color::Green,
            Face::Human => Color::Cyan,
            Face::Cow => Color::Magenta,
            Face::Chicken => Color::Yellow,
        }
    }

    /// A die or a count of one face.
    pub fn face(self, face: Face) -> Style {
        self.tint(Self::face_color(face))
            .add_modifier(Modifier::BOLD)
    }

    /// A die that went back to the pool.
    pub fn returned(self) -> Style {
        self.tint(Color::DarkGray).add_modifier(Modifier::DIM)
    }

    /// A key the player may press now.
    pub fn key(self) -> Style {
        self.tint(Color::LightYellow).add_modifier(Modifier::BOLD)
    }

    /// Something not available now.
    pub fn dim(self) -> Style {
        self.tint(Color::DarkGray).add_modifier(Modifier::DIM)
    }

    /// The coach's reason.
    pub fn why(self) -> Style {
        self.tint(Color::LightCyan)
    }

    pub fn good(self) -> Style {
        self.tint(Color::Green).add_modifier(Modifier::BOLD)
    }

    pub fn bad(self) -> Style {
        self.tint(Color::Red).add_modifier(Modifier::BOLD)
    }

    pub fn title(self) -> Style {
        self.tint(Color::LightGreen).add_modifier(Modifier::BOLD)
    }

    /// A seat's colour in the review's chart and its legend (the seats are told apart by their
    /// marks without colour).
    pub fn seat(self, seat: usize) -> Style {
        const SEATS: [Color; 8] = [
            Color::LightCyan,
            Color::LightMagenta,
            Color::LightYellow,
            Color::LightGreen,
            Color::LightRed,
            Color::LightBlue,
            Color::White,
            Color::Yellow,
        ];
        self.tint(SEATS[seat % SEATS.len()])
    }

    pub fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    pub fn plain(self) -> Style {
        Style::new()
    }
}
