//! Quoting the GUI's input back in output lines, safely.
//!
//! An error line repeats the text it refuses, and that text comes from
//! outside: a carriage return or newline inside it would start a line of
//! its own on the GUI's side (`position x\rbestmove e2e4` must not print a
//! fake `bestmove`), a NUL byte can cut a C string short, and a megabyte
//! token would come back whole. So every echoed piece of text has its
//! control characters written as escapes and every long token is cut.

/// The longest token echoed whole, in characters; longer ones are cut to
/// this many and marked with `…`.
pub const MAX_TOKEN_CHARS: usize = 64;

/// `text` made safe for one output line: control characters (and the
/// Unicode line and paragraph separators) written as escapes — `\r`, `\n`,
/// `\t`, `\0`, else `\x1b` or `\u{85}` — and each whitespace-separated
/// token longer than [`MAX_TOKEN_CHARS`] cut, with `…` after it.
pub fn echo(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4 * MAX_TOKEN_CHARS));
    let mut token_chars = 0;
    for c in text.chars() {
        if c == ' ' {
            token_chars = 0;
            out.push(c);
            continue;
        }
        token_chars += 1;
        if token_chars == MAX_TOKEN_CHARS + 1 {
            out.push('…');
        }
        if token_chars > MAX_TOKEN_CHARS {
            continue;
        }
        match c {
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            c if (c as u32) < 0x80 && c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(echo("x\rbestmove e2e4"), "x\\rbestmove e2e4");
        assert_eq!(echo("a\nb\tc\0d\u{1b}e\u{7f}"), "a\\nb\\tc\\0d\\x1be\\x7f");
        assert_eq!(echo("\u{85}\u{2028}\u{2029}"), "\\u{85}\\u{2028}\\u{2029}");
        assert_eq!(echo("plain é ♞ text"), "plain é ♞ text");
        assert!(!echo("\r\n\0\u{2028}").chars().any(|c| c.is_control() || c == '\u{2028}'));
    }

    #[test]
    fn long_tokens_are_cut_but_short_ones_kept() {
        let long = "x".repeat(1 << 20);
        let echoed = echo(&format!("name {long} value 3"));
        assert_eq!(echoed, format!("name {}… value 3", "x".repeat(MAX_TOKEN_CHARS)));
        let exact = "y".repeat(MAX_TOKEN_CHARS);
        assert_eq!(echo(&exact), exact);
        // Escapes count as one character of the token each.
        assert_eq!(echo(&"\0".repeat(MAX_TOKEN_CHARS + 5)), format!("{}…", "\\0".repeat(MAX_TOKEN_CHARS)));
    }
}
