//! A small command-line option reader shared by the sub-commands: flags,
//! `--name value` options, and positional arguments, each error naming the
//! option at fault.

use movegen::VariantKind;
use std::str::FromStr;

/// Command-line arguments being consumed by a sub-command.
pub struct Args {
    rest: Vec<String>,
}

impl Args {
    /// Wraps the arguments after the sub-command's name.
    pub fn new(args: &[String]) -> Args {
        Args { rest: args.to_vec() }
    }

    /// Removes `--name` if present and says whether it was.
    pub fn flag(&mut self, name: &str) -> bool {
        let before = self.rest.len();
        self.rest.retain(|a| a != name);
        self.rest.len() != before
    }

    /// Removes `--name VALUE` and returns the value, if present.
    pub fn value(&mut self, name: &str) -> Result<Option<String>, String> {
        let Some(i) = self.rest.iter().position(|a| a == name) else {
            return Ok(None);
        };
        if i + 1 >= self.rest.len() {
            return Err(format!("{name} needs a value"));
        }
        let value = self.rest.remove(i + 1);
        self.rest.remove(i);
        Ok(Some(value))
    }

    /// Removes `--name V1 V2 …` (every argument up to the next `--option`)
    /// and returns the values; `None` when the option is absent.
    pub fn values(&mut self, name: &str) -> Result<Option<Vec<String>>, String> {
        let Some(i) = self.rest.iter().position(|a| a == name) else { return Ok(None) };
        let end = self.rest[i + 1..].iter().position(|a| a.starts_with("--")).map_or(self.rest.len(), |n| i + 1 + n);
        let values: Vec<String> = self.rest.drain(i..end).skip(1).collect();
        if values.is_empty() {
            return Err(format!("{name} needs at least one value"));
        }
        Ok(Some(values))
    }

    /// Removes `--name VALUE` and parses the value.
    pub fn parsed<T: FromStr>(&mut self, name: &str, what: &str) -> Result<Option<T>, String> {
        match self.value(name)? {
            None => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|_| format!("{name}: '{v}' is not {what}")),
        }
    }

    /// Removes `--variant NAME`, defaulting to Red Fool.
    pub fn variant(&mut self) -> Result<VariantKind, String> {
        match self.value("--variant")? {
            None => Ok(VariantKind::RedFool),
            Some(v) => v.parse().map_err(|e: movegen::UnknownVariant| e.to_string()),
        }
    }

    /// Removes and returns the next positional argument.
    pub fn positional(&mut self) -> Option<String> {
        let i = self.rest.iter().position(|a| !a.starts_with("--"))?;
        Some(self.rest.remove(i))
    }

    /// Fails when arguments are left that nobody asked for.
    pub fn finish(self) -> Result<(), String> {
        match self.rest.first() {
            None => Ok(()),
            Some(a) => Err(format!("unexpected argument '{a}'")),
        }
    }
}
