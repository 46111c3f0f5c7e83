//! What the server does, for Prometheus: `GET /metrics` in the OpenMetrics text format
//! (prometheus-client). Counters and histograms are updated where things happen; the gauges of
//! things the server already counts (connections, the solver's queue) are read when scraped.

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
        Metrics {
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

    /// The metrics as text, with the gauges of what is counted elsewhere set to `connections`
    /// and `solver_queue`.
    pub fn encode(&self, connections: usize, solver_queue: usize) -> String {
        self.connections.set(connections as i64);
        self.solver_queue.set(solver_queue as i64);
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)
            .expect("writing to a String cannot fail");
        text
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
}
