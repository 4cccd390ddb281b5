//! The page's files, built into the binary so that the board needs no
//! network and no files beside the binary.

/// One embedded file.
pub struct Asset {
    pub content_type: &'static str,
    pub body: &'static [u8],
}

macro_rules! assets {
    ($($name:literal => $type:literal),* $(,)?) => {
        /// The asset called `name`, if there is one.
        pub fn find(name: &str) -> Option<Asset> {
            match name {
                $($name => Some(Asset { content_type: $type, body: include_bytes!(concat!("assets/", $name)) }),)*
                _ => None,
            }
        }
    };
}

assets! {
    "index.html" => "text/html; charset=utf-8",
    "board.css" => "text/css; charset=utf-8",
    "board.js" => "text/javascript; charset=utf-8",
    "pieces.js" => "text/javascript; charset=utf-8",
    "fool.svg" => "image/svg+xml",
    "LICENSE-pieces.txt" => "text/plain; charset=utf-8",
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `/assets/…` the page asks for is served.
    #[test]
    fn the_page_finds_all_its_assets() {
        let mut asked = 0;
        for page in ["index.html", "board.js", "pieces.js"] {
            let text = std::str::from_utf8(find(page).expect("a page file").body).unwrap();
            for (at, _) in text.match_indices("/assets/") {
                let name: String = text[at + "/assets/".len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || ".-_".contains(*c))
                    .collect();
                assert!(find(&name).is_some_and(|a| !a.body.is_empty()), "{page} asks for /assets/{name}");
                asked += 1;
            }
        }
        assert!(asked >= 4, "the page loads its scripts, style and the Fool");
        assert!(find("secret.txt").is_none() && find("../Cargo.toml").is_none());
    }
}
