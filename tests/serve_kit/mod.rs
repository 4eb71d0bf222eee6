//! Starting `cgtk serve --port 0` for a test and asking it over plain
//! HTTP/1.1 (no client library needed for GET requests).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running server, stopped when dropped.
pub struct Server {
    child: Child,
    /// Where the server's stderr goes.
    log: std::path::PathBuf,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    /// Polls job `id` until it has ended (at most 120 s): its last poll.
    pub fn job_end(&self, id: &serde_json::Value) -> serde_json::Value {
        let path = format!("/api/job/{id}");
        let start = std::time::Instant::now();
        loop {
            let poll = self.json(&path, &[]);
            if poll["state"] == "done" || poll["state"] == "failed" {
                return poll;
            }
            assert!(start.elapsed() < Duration::from_secs(120), "{poll}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Starts `cgtk serve --port 0 ARGS` and reads the URL it prints.
    pub fn start(args: &[&str]) -> Server {
        static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = testkit::files::temp_dir(&format!("serve-{n}"));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let log = dir.join("stderr.txt");
        let mut child = Command::new(env!("CARGO_BIN_EXE_cgtk"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("a log file"))
            .spawn()
            .expect("cgtk serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the URL line");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"));
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        Server { child, log, addr }
    }

    /// What the server printed on stderr so far.
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The page's URL.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// GET `path` with the query `params`: the status and the body.
    pub fn get(&self, path: &str, params: &[(&str, &str)]) -> (u16, String) {
        read_response(self.request(path, params))
    }

    /// Sends a GET request and returns the connection without reading.
    pub fn request(&self, path: &str, params: &[(&str, &str)]) -> TcpStream {
        let host = format!("Host: {}", self.addr);
        self.request_with(&format!("GET {}", target(path, params)), &[&host])
    }

    /// Sends `line` (`GET /path?query`) with the header lines `headers`
    /// and returns the connection without reading.
    pub fn request_with(&self, line: &str, headers: &[&str]) -> TcpStream {
        let mut stream = TcpStream::connect(&self.addr).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("timeout");
        let mut head = format!("{line} HTTP/1.1\r\n");
        for h in headers {
            head.push_str(h);
            head.push_str("\r\n");
        }
        head.push_str("Connection: close\r\n\r\n");
        stream.write_all(head.as_bytes()).expect("sends");
        stream
    }

    /// GET `path` with the query `params` and the header lines `headers`
    /// (which replace the usual `Host`): the status and the body.
    pub fn get_with(&self, path: &str, params: &[(&str, &str)], headers: &[&str]) -> (u16, String) {
        read_response(self.request_with(&format!("GET {}", target(path, params)), headers))
    }

    /// POST `path` (no body) with the query `params`: the status and the
    /// body.
    pub fn post(&self, path: &str, params: &[(&str, &str)]) -> (u16, String) {
        let host = format!("Host: {}", self.addr);
        read_response(self.request_with(
            &format!("POST {}", target(path, params)),
            &[&host, "Content-Length: 0"],
        ))
    }

    /// POST a JSON route: the parsed body (panics unless status 200).
    pub fn post_json(&self, path: &str, params: &[(&str, &str)]) -> serde_json::Value {
        let (status, body) = self.post(path, params);
        assert_eq!(status, 200, "{path} {params:?}: {body}");
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"))
    }

    /// Sends the server a signal as Ctrl-C does (SIGINT).
    pub fn interrupt(&self) {
        let status = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -INT failed");
    }

    /// Waits at most `limit` for the server to end: its exit code, or
    /// `None` if it still runs.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<i32> {
        let start = std::time::Instant::now();
        while start.elapsed() < limit {
            if let Some(status) = self.child.try_wait().expect("the server's status") {
                return Some(status.code().unwrap_or(-1));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }

    /// GET a JSON route: the parsed body (panics unless status 200).
    pub fn json(&self, path: &str, params: &[(&str, &str)]) -> serde_json::Value {
        let (status, body) = self.get(path, params);
        assert_eq!(status, 200, "{path} {params:?}: {body}");
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `path?query` with the query `params` percent-encoded.
fn target(path: &str, params: &[(&str, &str)]) -> String {
    let query: Vec<String> = params
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect();
    format!("{path}?{}", query.join("&"))
}

/// Reads a whole response (the server closes the connection): the status
/// and the body.
pub fn read_response(mut stream: TcpStream) -> (u16, String) {
    let mut text = String::new();
    stream.read_to_string(&mut text).expect("a response");
    let (head, body) = text.split_once("\r\n\r\n").expect("a header");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, body.to_string())
}

/// Percent-encodes everything but letters, digits and `-_.~`.
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// A report without its wall-clock time (`seconds`), for comparing runs.
pub fn untimed(mut v: serde_json::Value) -> serde_json::Value {
    if let Some(map) = v.as_object_mut() {
        map.remove("seconds");
    }
    v
}

/// Runs the CLI with `args`: exit code, stdout, stderr.
pub fn cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .output()
        .expect("cgtk runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The CLI's JSON for `args` (which end in `--json`).
pub fn cli_json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = cli(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}
