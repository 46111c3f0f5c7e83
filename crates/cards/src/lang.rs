//! The words of the card language, in English and Brazilian Portuguese, and the printer.
//!
//! Every advice and every condition has one phrase per language, written as a template: words,
//! `{n}` for a number and `{cmp}` for "or more" / "or fewer". A word written `one|many` is the
//! singular and the plural form, chosen by the number (both are read). The parser reads the same
//! templates, so whatever the printer writes reads back as the same card.

use std::fmt::Write;

use martian_engine::Face;

use crate::card::{Advice, Bound, Card, Condition, Group, Line};

/// The language a card is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CardLang {
    #[default]
    En,
    PtBr,
}

impl CardLang {
    pub const ALL: [CardLang; 2] = [CardLang::En, CardLang::PtBr];

    /// The BCP 47 tag: `en` or `pt-BR`.
    pub const fn tag(self) -> &'static str {
        match self {
            CardLang::En => "en",
            CardLang::PtBr => "pt-BR",
        }
    }

    pub(crate) fn lexicon(self) -> &'static Lexicon {
        use std::sync::OnceLock;
        static EN: OnceLock<Lexicon> = OnceLock::new();
        static PT: OnceLock<Lexicon> = OnceLock::new();
        match self {
            CardLang::En => EN.get_or_init(Lexicon::english),
            CardLang::PtBr => PT.get_or_init(Lexicon::portuguese),
        }
    }
}

/// One piece of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    /// A word: its singular and plural forms (the same when it has one form).
    Word { one: String, many: String },
    /// A number.
    Number,
    /// "or more" / "or fewer": the word after "or".
    Comparison,
}

/// What a condition template builds, given its number and comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    TanksLead,
    RaysLead,
    Safe,
    Points,
    Earthlings,
    Kinds,
    Holds(Face),
    Tanks,
    Rays,
    DiceLeft,
    Rolled(Face),
    BiggestGroup,
    RaysBeatGroup,
    RaysMatchGroup,
    LeftAfterRays,
    LastRound,
    PlayFirst,
    MyScore,
    OpponentScore,
    Lead,
    Trail,
    StopReachesTarget,
    StopPutsAhead,
}

impl Shape {
    /// The condition of this shape with the template's number and comparison (`n` is 1 for a
    /// template without a number: "the tanks lead").
    pub fn build(self, n: u8, at_most: bool) -> Condition {
        let bound = Bound { at_most, n };
        match self {
            Shape::TanksLead => Condition::TanksLead(n),
            Shape::RaysLead => Condition::RaysLead(n),
            Shape::Safe => Condition::Safe,
            Shape::Points => Condition::Points(bound),
            Shape::Earthlings => Condition::Earthlings(bound),
            Shape::Kinds => Condition::Kinds(bound),
            Shape::Holds(face) => Condition::Holds(face),
            Shape::Tanks => Condition::Tanks(bound),
            Shape::Rays => Condition::Rays(bound),
            Shape::DiceLeft => Condition::DiceLeft(bound),
            Shape::Rolled(face) => Condition::Rolled(face, bound),
            Shape::BiggestGroup => Condition::BiggestGroup(bound),
            Shape::RaysBeatGroup => Condition::RaysBeatGroup { or_equal: false },
            Shape::RaysMatchGroup => Condition::RaysBeatGroup { or_equal: true },
            Shape::LeftAfterRays => Condition::LeftAfterRays(bound),
            Shape::LastRound => Condition::LastRound,
            Shape::PlayFirst => Condition::PlayFirst,
            Shape::MyScore => Condition::MyScore(bound),
            Shape::OpponentScore => Condition::OpponentScore(bound),
            Shape::Lead => Condition::Lead(n),
            Shape::Trail => Condition::Trail(n),
            Shape::StopReachesTarget => Condition::StopReachesTarget,
            Shape::StopPutsAhead => Condition::StopPutsAhead,
        }
    }

    /// The shape of a condition, its number and comparison.
    fn of(condition: Condition) -> (Shape, u8, bool) {
        let b = |shape: Shape, bound: Bound| (shape, bound.n, bound.at_most);
        match condition {
            Condition::TanksLead(n) => (Shape::TanksLead, n, false),
            Condition::RaysLead(n) => (Shape::RaysLead, n, false),
            Condition::Safe => (Shape::Safe, 1, false),
            Condition::Points(bound) => b(Shape::Points, bound),
            Condition::Earthlings(bound) => b(Shape::Earthlings, bound),
            Condition::Kinds(bound) => b(Shape::Kinds, bound),
            Condition::Holds(face) => (Shape::Holds(face), 1, false),
            Condition::Tanks(bound) => b(Shape::Tanks, bound),
            Condition::Rays(bound) => b(Shape::Rays, bound),
            Condition::DiceLeft(bound) => b(Shape::DiceLeft, bound),
            Condition::Rolled(face, bound) => b(Shape::Rolled(face), bound),
            Condition::BiggestGroup(bound) => b(Shape::BiggestGroup, bound),
            Condition::RaysBeatGroup { or_equal: false } => (Shape::RaysBeatGroup, 1, false),
            Condition::RaysBeatGroup { or_equal: true } => (Shape::RaysMatchGroup, 1, false),
            Condition::LeftAfterRays(bound) => b(Shape::LeftAfterRays, bound),
            Condition::LastRound => (Shape::LastRound, 1, false),
            Condition::PlayFirst => (Shape::PlayFirst, 1, false),
            Condition::MyScore(bound) => b(Shape::MyScore, bound),
            Condition::OpponentScore(bound) => b(Shape::OpponentScore, bound),
            Condition::Lead(n) => (Shape::Lead, n, false),
            Condition::Trail(n) => (Shape::Trail, n, false),
            Condition::StopReachesTarget => (Shape::StopReachesTarget, 1, false),
            Condition::StopPutsAhead => (Shape::StopPutsAhead, 1, false),
        }
    }

    /// Whether the shape's number must be at least 1 (a lead of nothing is no lead).
    pub fn needs_positive(self) -> bool {
        matches!(
            self,
            Shape::TanksLead | Shape::RaysLead | Shape::Lead | Shape::Trail
        )
    }
}

/// A template: its pieces. One without a number stands for 1 ("the tanks lead").
#[derive(Clone, Debug)]
pub(crate) struct Template {
    pub pieces: Vec<Piece>,
}

impl Template {
    fn new(text: &str) -> Template {
        let pieces = text
            .split(' ')
            .map(|word| match word {
                "{n}" => Piece::Number,
                "{cmp}" => Piece::Comparison,
                word => {
                    let (one, many) = word.split_once('|').unwrap_or((word, word));
                    Piece::Word {
                        one: one.to_string(),
                        many: many.to_string(),
                    }
                }
            })
            .collect();
        Template { pieces }
    }

    pub fn has_number(&self) -> bool {
        self.pieces.contains(&Piece::Number)
    }
}

/// The words of one language.
#[derive(Debug)]
pub(crate) struct Lexicon {
    /// "when" and the words read the same.
    pub when: Vec<&'static str>,
    pub and: &'static str,
    pub unless: Template,
    pub or: &'static str,
    /// The words after "or" in a comparison: at least, and at most (printed for counts, then
    /// for amounts; both read).
    pub more: &'static str,
    pub fewer: &'static str,
    pub less: &'static str,
    /// "In the last round," (before its comma).
    pub last_round: Template,
    /// The biggest earthling group's size on a line that takes it: "it has {n} dice or more".
    pub group_it: Template,
    pub advices: Vec<(Advice, Template)>,
    pub conditions: Vec<(Shape, Template)>,
    /// The first words of a rule line, to tell the languages apart.
    pub starts: Vec<&'static str>,
}

impl Lexicon {
    fn english() -> Lexicon {
        let face = |face: Face| match face {
            Face::Tank => "tank|tanks",
            Face::DeathRay => "death ray|rays",
            Face::Human => "human|humans",
            Face::Cow => "cow|cows",
            Face::Chicken => "chicken|chickens",
        };
        let kind = |face: Face| match face {
            Face::Human => "humans",
            Face::Cow => "cows",
            _ => "chickens",
        };
        let mut conditions = vec![
            (
                Shape::TanksLead,
                "the tanks lead by {n} or more".to_string(),
            ),
            (Shape::TanksLead, "the tanks lead".to_string()),
            (
                Shape::RaysLead,
                "the death rays lead by {n} or more".to_string(),
            ),
            (Shape::RaysLead, "the death rays lead".to_string()),
            (Shape::Safe, "the tanks can no longer win".to_string()),
            (
                Shape::Points,
                "you have {n} point|points or {cmp}".to_string(),
            ),
            (
                Shape::Earthlings,
                "you have {n} earthling|earthlings or {cmp}".to_string(),
            ),
            (
                Shape::Kinds,
                "you have {n} earthling kind|kinds or {cmp}".to_string(),
            ),
            (Shape::Tanks, "you have {n} tank|tanks or {cmp}".to_string()),
            (
                Shape::Rays,
                "you have {n} death ray|rays or {cmp}".to_string(),
            ),
            (
                Shape::DiceLeft,
                "{n} die|dice or {cmp} is|are left".to_string(),
            ),
            (
                Shape::BiggestGroup,
                "the biggest earthling group has {n} die|dice or {cmp}".to_string(),
            ),
            (
                Shape::RaysBeatGroup,
                "the roll has more death rays than the biggest earthling group".to_string(),
            ),
            (
                Shape::RaysMatchGroup,
                "the roll has as many death rays as the biggest earthling group or more"
                    .to_string(),
            ),
            (
                Shape::LeftAfterRays,
                "taking the death rays leaves {n} die|dice or {cmp}".to_string(),
            ),
            (Shape::LastRound, "it is the last round".to_string()),
            (Shape::PlayFirst, "you play first".to_string()),
            (Shape::MyScore, "your score is {n} or {cmp}".to_string()),
            (
                Shape::OpponentScore,
                "the opponent's score is {n} or {cmp}".to_string(),
            ),
            (Shape::Lead, "you lead by {n} or more".to_string()),
            (Shape::Lead, "you lead".to_string()),
            (Shape::Trail, "you trail by {n} or more".to_string()),
            (Shape::Trail, "you trail".to_string()),
            (
                Shape::StopReachesTarget,
                "stopping reaches the target".to_string(),
            ),
            (Shape::StopPutsAhead, "stopping puts you ahead".to_string()),
        ];
        for f in Face::EARTHLINGS {
            conditions.push((Shape::Holds(f), format!("you have {}", kind(f))));
        }
        for f in Face::ALL {
            conditions.push((
                Shape::Rolled(f),
                format!("the roll has {{n}} {} or {{cmp}}", face(f)),
            ));
        }
        Lexicon {
            when: vec!["when", "if"],
            and: "and",
            unless: Template::new("unless"),
            or: "or",
            more: "more",
            fewer: "fewer",
            less: "less",
            last_round: Template::new("in the last round"),
            group_it: Template::new("it has {n} die|dice or {cmp}"),
            advices: vec![
                (
                    Advice::Take(Group::Face(Face::DeathRay)),
                    Template::new("take the death rays"),
                ),
                (
                    Advice::Take(Group::Face(Face::Human)),
                    Template::new("take the humans"),
                ),
                (
                    Advice::Take(Group::Face(Face::Cow)),
                    Template::new("take the cows"),
                ),
                (
                    Advice::Take(Group::Face(Face::Chicken)),
                    Template::new("take the chickens"),
                ),
                (
                    Advice::Take(Group::Biggest),
                    Template::new("take the biggest earthling group"),
                ),
                (
                    Advice::Take(Group::Smallest),
                    Template::new("take the smallest earthling group"),
                ),
                (Advice::Stop, Template::new("stop")),
                (Advice::Roll, Template::new("roll again")),
            ],
            conditions: conditions
                .into_iter()
                .map(|(shape, text)| (shape, Template::new(&text)))
                .collect(),
            starts: vec!["take", "stop", "roll", "in"],
        }
    }

    fn portuguese() -> Lexicon {
        let face = |face: Face| match face {
            Face::Tank => "tanque|tanques",
            Face::DeathRay => "raio|raios da morte",
            Face::Human => "humano|humanos",
            Face::Cow => "vaca|vacas",
            Face::Chicken => "galinha|galinhas",
        };
        let kind = |face: Face| match face {
            Face::Human => "humanos",
            Face::Cow => "vacas",
            _ => "galinhas",
        };
        let mut conditions = vec![
            (
                Shape::TanksLead,
                "os tanques estão na frente por {n} ou mais".to_string(),
            ),
            (Shape::TanksLead, "os tanques estão na frente".to_string()),
            (
                Shape::RaysLead,
                "os raios da morte estão na frente por {n} ou mais".to_string(),
            ),
            (
                Shape::RaysLead,
                "os raios da morte estão na frente".to_string(),
            ),
            (Shape::Safe, "os tanques não podem mais vencer".to_string()),
            (
                Shape::Points,
                "você tem {n} ponto|pontos ou {cmp}".to_string(),
            ),
            (
                Shape::Earthlings,
                "você tem {n} terráqueo|terráqueos ou {cmp}".to_string(),
            ),
            (
                Shape::Kinds,
                "você tem {n} tipo|tipos de terráqueo ou {cmp}".to_string(),
            ),
            (
                Shape::Tanks,
                "você tem {n} tanque|tanques ou {cmp}".to_string(),
            ),
            (
                Shape::Rays,
                "você tem {n} raio|raios da morte ou {cmp}".to_string(),
            ),
            (
                Shape::DiceLeft,
                "resta|restam {n} dado|dados ou {cmp}".to_string(),
            ),
            (
                Shape::BiggestGroup,
                "o maior grupo de terráqueos tem {n} dado|dados ou {cmp}".to_string(),
            ),
            (
                Shape::RaysBeatGroup,
                "o lançamento tem mais raios da morte que o maior grupo de terráqueos".to_string(),
            ),
            (
                Shape::RaysMatchGroup,
                "o lançamento tem tantos raios da morte quanto o maior grupo de terráqueos ou mais"
                    .to_string(),
            ),
            (
                Shape::LeftAfterRays,
                "pegar os raios da morte deixa {n} dado|dados ou {cmp}".to_string(),
            ),
            (Shape::LastRound, "é a última rodada".to_string()),
            (Shape::PlayFirst, "você joga primeiro".to_string()),
            (Shape::MyScore, "seu total é {n} ou {cmp}".to_string()),
            (
                Shape::OpponentScore,
                "o total do adversário é {n} ou {cmp}".to_string(),
            ),
            (
                Shape::Lead,
                "você está na frente por {n} ou mais".to_string(),
            ),
            (Shape::Lead, "você está na frente".to_string()),
            (Shape::Trail, "você está atrás por {n} ou mais".to_string()),
            (Shape::Trail, "você está atrás".to_string()),
            (Shape::StopReachesTarget, "parar alcança o alvo".to_string()),
            (
                Shape::StopPutsAhead,
                "parar deixa você na frente".to_string(),
            ),
        ];
        for f in Face::EARTHLINGS {
            conditions.push((Shape::Holds(f), format!("você tem {}", kind(f))));
        }
        for f in Face::ALL {
            conditions.push((
                Shape::Rolled(f),
                format!("o lançamento tem {{n}} {} ou {{cmp}}", face(f)),
            ));
        }
        Lexicon {
            when: vec!["se", "quando"],
            and: "e",
            unless: Template::new("exceto se"),
            or: "ou",
            more: "mais",
            fewer: "menos",
            less: "menos",
            last_round: Template::new("na última rodada"),
            group_it: Template::new("ele tem {n} dado|dados ou {cmp}"),
            advices: vec![
                (
                    Advice::Take(Group::Face(Face::DeathRay)),
                    Template::new("pegue os raios da morte"),
                ),
                (
                    Advice::Take(Group::Face(Face::Human)),
                    Template::new("pegue os humanos"),
                ),
                (
                    Advice::Take(Group::Face(Face::Cow)),
                    Template::new("pegue as vacas"),
                ),
                (
                    Advice::Take(Group::Face(Face::Chicken)),
                    Template::new("pegue as galinhas"),
                ),
                (
                    Advice::Take(Group::Biggest),
                    Template::new("pegue o maior grupo de terráqueos"),
                ),
                (
                    Advice::Take(Group::Smallest),
                    Template::new("pegue o menor grupo de terráqueos"),
                ),
                (Advice::Stop, Template::new("pare")),
                (Advice::Roll, Template::new("lance de novo")),
            ],
            conditions: conditions
                .into_iter()
                .map(|(shape, text)| (shape, Template::new(&text)))
                .collect(),
            starts: vec!["pegue", "pare", "lance", "na"],
        }
    }

    /// The word after "or" for a bound: at least, at most of a count, at most of a score.
    fn comparison(&self, shape: Shape, at_most: bool) -> &'static str {
        match (at_most, shape) {
            (false, _) => self.more,
            (true, Shape::MyScore | Shape::OpponentScore) => self.less,
            (true, _) => self.fewer,
        }
    }

    /// Renders `template` with number `n`.
    fn render(&self, template: &Template, shape: Option<Shape>, n: u8, at_most: bool) -> String {
        let words: Vec<String> = template
            .pieces
            .iter()
            .map(|piece| match piece {
                Piece::Word { one, many } => {
                    if n == 1 {
                        one.clone()
                    } else {
                        many.clone()
                    }
                }
                Piece::Number => n.to_string(),
                Piece::Comparison => self
                    .comparison(shape.expect("a condition's template"), at_most)
                    .to_string(),
            })
            .collect();
        words.join(" ")
    }

    /// The phrase of a condition.
    pub fn condition(&self, condition: Condition) -> String {
        let (shape, n, at_most) = Shape::of(condition);
        let template = self
            .conditions
            .iter()
            .filter(|(s, _)| *s == shape)
            .map(|(_, t)| t)
            // A lead of 1 reads best without its number: "the tanks lead".
            .find(|t| t.has_number() != (shape.needs_positive() && n == 1))
            .or_else(|| {
                self.conditions
                    .iter()
                    .find(|(s, _)| *s == shape)
                    .map(|(_, t)| t)
            })
            .expect("every shape has a template");
        self.render(template, Some(shape), n, at_most)
    }

    /// The phrase of an advice.
    pub fn advice(&self, advice: Advice) -> String {
        let template = &self
            .advices
            .iter()
            .find(|(a, _)| *a == advice)
            .expect("every advice has a template")
            .1;
        self.render(template, None, 2, false)
    }

    /// The phrase of a condition on a line advising `advice`: on a line that takes the biggest
    /// earthling group, its size is "it".
    fn condition_on(&self, advice: Advice, condition: Condition) -> String {
        match (advice, condition) {
            (Advice::Take(Group::Biggest), Condition::BiggestGroup(bound)) => self.render(
                &self.group_it,
                Some(Shape::BiggestGroup),
                bound.n,
                bound.at_most,
            ),
            _ => self.condition(condition),
        }
    }

    /// One line as a sentence, capitalised, with its period.
    pub fn line(&self, line: &Line) -> String {
        let mut when: &[Condition] = &line.when;
        let mut text = String::new();
        if when.first() == Some(&Condition::LastRound) {
            let _ = write!(text, "{}, ", self.render(&self.last_round, None, 2, false));
            when = &when[1..];
        }
        text.push_str(&self.advice(line.advice));
        if !when.is_empty() {
            let phrases: Vec<String> = when
                .iter()
                .map(|&c| self.condition_on(line.advice, c))
                .collect();
            let _ = write!(
                text,
                " {} {}",
                self.when[0],
                phrases.join(&format!(" {} ", self.and))
            );
        }
        if !line.unless.is_empty() {
            let phrases: Vec<String> = line
                .unless
                .iter()
                .map(|&c| self.condition_on(line.advice, c))
                .collect();
            let _ = write!(
                text,
                " {} {}",
                self.render(&self.unless, None, 2, false),
                phrases.join(&format!(" {} ", self.or))
            );
        }
        text.push('.');
        capitalise(&text)
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl Card {
    /// The card as text in `lang`: one numbered line per line of advice.
    pub fn to_text(&self, lang: CardLang) -> String {
        let lexicon = lang.lexicon();
        let mut text = String::new();
        for (i, line) in self.lines.iter().enumerate() {
            let _ = writeln!(text, "{}. {}", i + 1, lexicon.line(line));
        }
        text
    }

    /// Line `index` (0-based) as a sentence in `lang`.
    pub fn line_text(&self, index: usize, lang: CardLang) -> String {
        lang.lexicon().line(&self.lines[index])
    }

    /// The words of line `index` (0-based) in English, its number one of them: how long it is
    /// to say.
    pub fn words(&self, index: usize) -> usize {
        self.lines[index].words()
    }
}

impl crate::card::Line {
    /// The line's words in English, each number one of them.
    pub fn words(&self) -> usize {
        CardLang::En.lexicon().line(self).split_whitespace().count()
    }
}
