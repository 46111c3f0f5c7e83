//! What the server does, for Prometheus: `GET /metrics` in the classic Prometheus text format
//! (0.0.4) by default, or OpenMetrics when the scraper's `Accept` prefers it (prometheus-client
//! writes OpenMetrics; [`Format::Classic`] is derived from it). Counters and histograms are
//! updated where things happen; the gauges of things the server already counts (connections,
//! the solver's queue) are read when scraped.

use std::sync::Arc;
use std::time::Duration;

use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

use crate::state::Status;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelValue)]
#[allow(non_camel_case_types)] // label values as Prometheus shows them
enum RoomState {
    lobby,
    playing,
    over,
}

impl From<Status> for RoomState {
    fn from(status: Status) -> RoomState {
        match status {
            Status::Lobby => RoomState::lobby,
            Status::Playing => RoomState::playing,
            Status::Over => RoomState::over,
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabel {
    state: RoomState,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    kind: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CodeLabel {
    code: &'static str,
}

/// The server's metrics. Cheap to clone (every metric is shared).
#[derive(Clone, Debug)]
pub struct Metrics {
    registry: Arc<Registry>,
    connections: Gauge,
    rooms: Family<StateLabel, Gauge>,
    games_started: Counter,
    games_finished: Counter,
    messages: Family<KindLabel, Counter>,
    refusals: Family<CodeLabel, Counter>,
    action_latency: Histogram,
    storage_latency: Histogram,
    solver_queue: Gauge,
    rooms_taken_over: Counter,
    rooms_given_up: Counter,
    connections_proxied: Counter,
    quick_matches: Counter,
    rooms_evicted: Counter,
    chat_lines: Counter,
    accounts: Family<KindLabel, Counter>,
    sign_ins: Family<KindLabel, Counter>,
    game_reviews: Family<KindLabel, Counter>,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("martian_dice");
        let connections = Gauge::default();
        registry.register(
            "connections",
            "Open connections (every TCP connection: HTTP and WebSocket)",
            connections.clone(),
        );
        let rooms = Family::<StateLabel, Gauge>::default();
        registry.register("rooms", "Rooms held, by state", rooms.clone());
        let games_started = Counter::default();
        registry.register(
            "games_started",
            "Games started, or taken up from storage under way (after a restart or from another process)",
            games_started.clone(),
        );
        let games_finished = Counter::default();
        registry.register("games_finished", "Games finished", games_finished.clone());
        let messages = Family::<KindLabel, Counter>::default();
        registry.register(
            "messages",
            "Client messages received, by type",
            messages.clone(),
        );
        let refusals = Family::<CodeLabel, Counter>::default();
        registry.register(
            "refusals",
            "Requests refused, by error code",
            refusals.clone(),
        );
        // 0.1 ms to about 3.3 s.
        let action_latency = Histogram::new(exponential_buckets(0.0001, 2.0, 16));
        registry.register(
            "action_latency_seconds",
            "From a room receiving a request to the update it sends (queue, rules, storage)",
            action_latency.clone(),
        );
        let storage_latency = Histogram::new(exponential_buckets(0.0001, 2.0, 16));
        registry.register(
            "storage_write_latency_seconds",
            "From a change handed to the storage to its commit",
            storage_latency.clone(),
        );
        let solver_queue = Gauge::default();
        registry.register(
            "solver_queue",
            "Rule sets queued or being solved for exact bots",
            solver_queue.clone(),
        );
        let rooms_taken_over = Counter::default();
        registry.register(
            "rooms_taken_over",
            "Rooms this process brought back from PostgreSQL after their lease ran out (at start, or from a process that stopped)",
            rooms_taken_over.clone(),
        );
        let rooms_given_up = Counter::default();
        registry.register(
            "rooms_given_up",
            "Rooms this process stopped running because another process holds their lease",
            rooms_given_up.clone(),
        );
        let connections_proxied = Counter::default();
        registry.register(
            "connections_proxied",
            "WebSocket connections handed to the process that runs their room",
            connections_proxied.clone(),
        );
        let quick_matches = Counter::default();
        registry.register(
            "quick_matches",
            "Rooms made by quick match (with people, or with the bots offered)",
            quick_matches.clone(),
        );
        let rooms_evicted = Counter::default();
        registry.register(
            "rooms_evicted",
            "Rooms nobody was in, closed to make way for new rooms on a full server",
            rooms_evicted.clone(),
        );
        let chat_lines = Counter::default();
        registry.register(
            "chat_lines",
            "Chat lines stored and sent",
            chat_lines.clone(),
        );
        let accounts = Family::<KindLabel, Counter>::default();
        registry.register(
            "account_changes",
            "Account events by kind: created, deleted, invited (a friend invited to a room)",
            accounts.clone(),
        );
        let sign_ins = Family::<KindLabel, Counter>::default();
        registry.register(
            "sign_ins",
            "Sign-in attempts by outcome: ok, wrong (name or password), limited (refused for too many attempts), busy",
            sign_ins.clone(),
        );
        let game_reviews = Family::<KindLabel, Counter>::default();
        registry.register(
            "game_reviews",
            "Finished games' reviews by outcome: stored (each seat's summary, for the profiles), not_at_hand (skipped: the solutions were not at hand), stopped, failed",
            game_reviews.clone(),
        );
        Metrics {
            game_reviews,
            accounts,
            sign_ins,
            registry: Arc::new(registry),
            quick_matches,
            rooms_evicted,
            chat_lines,
            rooms_taken_over,
            rooms_given_up,
            connections_proxied,
            connections,
            rooms,
            games_started,
            games_finished,
            messages,
            refusals,
            action_latency,
            storage_latency,
            solver_queue,
        }
    }

    /// A room moved from one state to another (`None`: it did not exist, or no longer does).
    pub fn room_state(&self, from: Option<Status>, to: Option<Status>) {
        if from == to {
            return;
        }
        if let Some(from) = from {
            self.rooms
                .get_or_create(&StateLabel { state: from.into() })
                .dec();
        }
        if let Some(to) = to {
            self.rooms
                .get_or_create(&StateLabel { state: to.into() })
                .inc();
        }
    }

    pub fn game_started(&self) {
        self.games_started.inc();
    }

    pub fn room_taken_over(&self) {
        self.rooms_taken_over.inc();
    }

    pub fn room_given_up(&self) {
        self.rooms_given_up.inc();
    }

    pub fn connection_proxied(&self) {
        self.connections_proxied.inc();
    }

    pub fn room_matched(&self) {
        self.quick_matches.inc();
    }

    pub fn room_evicted(&self) {
        self.rooms_evicted.inc();
    }

    /// An account was created, deleted… (`kind`).
    pub fn account_change(&self, kind: &'static str) {
        self.accounts.get_or_create(&KindLabel { kind }).inc();
    }

    /// A sign-in attempt ended so (`ok`, `wrong`, `limited`, `busy`).
    pub fn sign_in(&self, kind: &'static str) {
        self.sign_ins.get_or_create(&KindLabel { kind }).inc();
    }

    /// A finished game's review ended so (`stored`, `not_at_hand`, `stopped`, `failed`).
    pub fn game_review(&self, outcome: &'static str) {
        self.game_reviews
            .get_or_create(&KindLabel { kind: outcome })
            .inc();
    }

    pub fn chat_line(&self) {
        self.chat_lines.inc();
    }

    pub fn game_finished(&self) {
        self.games_finished.inc();
    }

    pub fn message(&self, kind: &'static str) {
        self.messages.get_or_create(&KindLabel { kind }).inc();
    }

    pub fn refusal(&self, code: &'static str) {
        self.refusals.get_or_create(&CodeLabel { code }).inc();
    }

    pub fn action_latency(&self, took: Duration) {
        self.action_latency.observe(took.as_secs_f64());
    }

    pub fn storage_latency(&self, took: Duration) {
        self.storage_latency.observe(took.as_secs_f64());
    }

    /// The metrics as OpenMetrics text, with the gauges of what is counted elsewhere set to
    /// `connections` and `solver_queue`.
    pub fn encode(&self, connections: usize, solver_queue: usize) -> String {
        self.connections.set(connections as i64);
        self.solver_queue.set(solver_queue as i64);
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)
            .expect("writing to a String cannot fail");
        text
    }

    /// The metrics in `format`.
    pub fn encode_as(&self, format: Format, connections: usize, solver_queue: usize) -> String {
        let text = self.encode(connections, solver_queue);
        match format {
            Format::OpenMetrics => text,
            Format::Classic => classic(&text),
        }
    }
}

/// The text formats `/metrics` speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Prometheus's classic text format, 0.0.4: what every scraper and parser reads.
    Classic,
    /// OpenMetrics 1.0.0, for scrapers that ask for it.
    OpenMetrics,
}

impl Format {
    /// The format an `Accept` header prefers: OpenMetrics only when it ranks
    /// `application/openmetrics-text` above every type the classic format answers (`text/plain`,
    /// `text/*`, `*/*`); the classic format otherwise, and without the header.
    pub fn from_accept(accept: Option<&str>) -> Format {
        let (mut classic, mut openmetrics) = (0.0_f32, 0.0_f32);
        for range in accept.unwrap_or("").split(',') {
            let mut parts = range.split(';').map(str::trim);
            let media = parts.next().unwrap_or("").to_ascii_lowercase();
            let (mut q, mut version) = (1.0_f32, None);
            for param in parts {
                let Some((key, value)) = param.split_once('=') else {
                    continue;
                };
                let value = value.trim().trim_matches('"');
                match key.trim().to_ascii_lowercase().as_str() {
                    "q" => q = value.parse().unwrap_or(0.0),
                    "version" => version = Some(value.to_string()),
                    _ => {}
                }
            }
            let q = if q.is_finite() {
                q.clamp(0.0, 1.0)
            } else {
                0.0
            };
            let version = version.as_deref();
            match media.as_str() {
                "application/openmetrics-text"
                    if matches!(version, None | Some("1.0.0" | "0.0.1")) =>
                {
                    openmetrics = openmetrics.max(q);
                }
                // 1.0.0 is the classic format with UTF-8 names: ours are ASCII, so the same text.
                "text/plain" if matches!(version, None | Some("0.0.4" | "1.0.0")) => {
                    classic = classic.max(q);
                }
                "text/*" | "*/*" => classic = classic.max(q),
                _ => {}
            }
        }
        if openmetrics > classic {
            Format::OpenMetrics
        } else {
            Format::Classic
        }
    }

    /// The `Content-Type` of text in this format.
    pub fn content_type(self) -> &'static str {
        match self {
            Format::Classic => "text/plain; version=0.0.4; charset=utf-8",
            Format::OpenMetrics => "application/openmetrics-text; version=1.0.0; charset=utf-8",
        }
    }
}

/// prometheus-client's OpenMetrics text in the classic format: a counter's family is named as
/// its samples are (`…_total`: the classic format has no suffixes, and its parsers find no
/// samples under the bare name), and there is no `# UNIT`, no `# EOF` and no exemplar.
fn classic(openmetrics: &str) -> String {
    let counters: std::collections::HashSet<&str> = openmetrics
        .lines()
        .filter_map(|line| line.strip_prefix("# TYPE ")?.strip_suffix(" counter"))
        .collect();
    let mut text = String::with_capacity(openmetrics.len() + 16 * counters.len());
    for line in openmetrics.lines() {
        if line == "# EOF" || line.starts_with("# UNIT ") {
            continue;
        }
        let descriptor = ["# HELP ", "# TYPE "]
            .into_iter()
            .find_map(|kind| Some((kind, line.strip_prefix(kind)?)));
        match descriptor {
            Some((kind, rest)) => {
                let (name, tail) = rest.split_once(' ').unwrap_or((rest, ""));
                text.push_str(kind);
                text.push_str(name);
                if counters.contains(name) {
                    text.push_str("_total");
                }
                text.push(' ');
                text.push_str(tail);
            }
            None if line.starts_with('#') => text.push_str(line),
            None => text.push_str(without_exemplar(line)),
        }
        text.push('\n');
    }
    text
}

/// A sample line without its exemplar (` # {labels} value`), which only OpenMetrics has.
fn without_exemplar(line: &str) -> &str {
    let mut quoted = false;
    let mut escaped = false;
    for (at, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '#' if !quoted => return line[..at].trim_end(),
            _ => {}
        }
    }
    line
}

/// The storage's measures write into the server's histogram of commit latency.
impl From<Metrics> for martian_store::StoreMetrics {
    fn from(metrics: Metrics) -> martian_store::StoreMetrics {
        martian_store::StoreMetrics::new(metrics.storage_latency.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_names_every_metric_with_its_values() {
        let metrics = Metrics::new();
        metrics.room_state(None, Some(Status::Lobby));
        metrics.room_state(None, Some(Status::Lobby));
        metrics.room_state(Some(Status::Lobby), Some(Status::Playing));
        metrics.game_started();
        metrics.message("act");
        metrics.message("act");
        metrics.refusal("illegal");
        metrics.action_latency(Duration::from_millis(2));
        metrics.storage_latency(Duration::from_micros(300));
        let text = metrics.encode(7, 3);
        for line in [
            "martian_dice_connections 7",
            "martian_dice_rooms{state=\"lobby\"} 1",
            "martian_dice_rooms{state=\"playing\"} 1",
            "martian_dice_games_started_total 1",
            "martian_dice_games_finished_total 0",
            "martian_dice_messages_total{kind=\"act\"} 2",
            "martian_dice_refusals_total{code=\"illegal\"} 1",
            "martian_dice_action_latency_seconds_count 1",
            "martian_dice_storage_write_latency_seconds_count 1",
            "martian_dice_solver_queue 3",
        ] {
            assert!(text.lines().any(|l| l == line), "no '{line}' in:\n{text}");
        }
        assert!(text.ends_with("# EOF\n"));
    }

    #[test]
    fn the_classic_text_names_each_counter_family_as_its_samples() {
        let metrics = Metrics::new();
        metrics.game_started();
        metrics.message("act");
        metrics.action_latency(Duration::from_millis(2));
        let text = metrics.encode_as(Format::Classic, 7, 3);
        for line in [
            "# TYPE martian_dice_games_started_total counter",
            "martian_dice_games_started_total 1",
            "# HELP martian_dice_messages_total Client messages received, by type.",
            "# TYPE martian_dice_messages_total counter",
            "martian_dice_messages_total{kind=\"act\"} 1",
            "# TYPE martian_dice_connections gauge",
            "martian_dice_connections 7",
            "# TYPE martian_dice_action_latency_seconds histogram",
            "martian_dice_action_latency_seconds_count 1",
        ] {
            assert!(text.lines().any(|l| l == line), "no '{line}' in:\n{text}");
        }
        assert!(!text.contains("# EOF"), "{text}");
        assert!(!text.contains("# TYPE martian_dice_games_started counter"));
        assert_eq!(
            metrics.encode_as(Format::OpenMetrics, 7, 3),
            metrics.encode(7, 3)
        );
    }

    #[test]
    fn an_exemplar_is_cut_but_a_hash_in_a_label_value_is_kept() {
        assert_eq!(without_exemplar("a_total 1 # {id=\"4\"} 1.0"), "a_total 1");
        assert_eq!(
            without_exemplar("a_total{k=\"x # \\\" y\"} 1"),
            "a_total{k=\"x # \\\" y\"} 1"
        );
    }

    #[test]
    fn openmetrics_only_when_the_scraper_prefers_it() {
        use Format::{Classic, OpenMetrics};
        let cases = [
            (None, Classic),
            (Some(""), Classic),
            (Some("*/*"), Classic),
            (Some("text/plain"), Classic),
            (Some("text/plain;version=0.0.4"), Classic),
            (Some("application/openmetrics-text"), OpenMetrics),
            (
                Some("application/openmetrics-text; version=1.0.0; charset=utf-8"),
                OpenMetrics,
            ),
            // Prometheus 2's and 3's own headers.
            (
                Some(
                    "application/openmetrics-text;version=1.0.0;q=0.5,application/openmetrics-text;version=0.0.1;q=0.4,text/plain;version=0.0.4;q=0.3,*/*;q=0.2",
                ),
                OpenMetrics,
            ),
            (
                Some(
                    "application/openmetrics-text;version=1.0.0;escaping=allow-utf-8;q=0.5,application/openmetrics-text;version=0.0.1;q=0.4,text/plain;version=1.0.0;escaping=allow-utf-8;q=0.3,text/plain;version=0.0.4;q=0.2,*/*;q=0.1",
                ),
                OpenMetrics,
            ),
            // Ranked below the classic format, an unknown version, or refused: classic.
            (
                Some("text/plain;q=0.9, application/openmetrics-text;q=0.5"),
                Classic,
            ),
            (Some("application/openmetrics-text;version=9.9.9"), Classic),
            (Some("application/openmetrics-text;q=0"), Classic),
            (Some("application/json"), Classic),
        ];
        for (accept, format) in cases {
            assert_eq!(Format::from_accept(accept), format, "{accept:?}");
        }
    }
}
