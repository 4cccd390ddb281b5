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
