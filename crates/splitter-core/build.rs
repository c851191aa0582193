//! With the feature `tiktoken`: the OpenAI encodings' vocabularies, taken
//! from `tiktoken-rs` when the crate is built and written compactly into
//! `OUT_DIR`, for `tokens::tiktoken` to include.
//!
//! `tiktoken-rs` embeds each vocabulary as base64 text: 7 MB for the four
//! encodings, most of a Node.js addon or a wheel. Here each is its tokens'
//! raw bytes in rank order, Brotli-compressed: 1.5 MB. The encodings are
//! rebuilt from these at run time, with the same tokens, ranks, special
//! tokens and pattern (`crates/conformance/tests/tokens.rs` checks that they
//! count exactly as `tiktoken-rs`'s own do).
//!
//! The format of one vocabulary, before compression: the number of rank
//! slots `n` (u32, little-endian), then `n` bytes, each the length of the
//! token of that rank (0: no token has it; none is longer than 255 bytes),
//! then the tokens' bytes in rank order.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    #[cfg(feature = "tiktoken")]
    tiktoken::write_vocabularies();
}

#[cfg(feature = "tiktoken")]
mod tiktoken {
    use std::fmt::Write as _;
    use std::path::PathBuf;

    use tiktoken_rs::CoreBPE;

    /// How many ranks in a row may have no token before the vocabulary is
    /// taken to end.
    const LONGEST_GAP: u32 = 4096;

    pub fn write_vocabularies() {
        let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
        let mut table = String::from(
            "/// The encodings' vocabularies, written by `build.rs`.\n\
             pub(super) const VOCABULARIES: &[Vocabulary] = &[\n",
        );
        for name in ["cl100k_base", "o200k_base", "p50k_base", "r50k_base"] {
            let bpe = match name {
                "cl100k_base" => tiktoken_rs::cl100k_base(),
                "o200k_base" => tiktoken_rs::o200k_base(),
                "p50k_base" => tiktoken_rs::p50k_base(),
                _ => tiktoken_rs::r50k_base(),
            }
            .unwrap_or_else(|err| panic!("tiktoken-rs's {name}: {err}"));
            let (raw, specials) = compact(&bpe);
            let mut compressed = Vec::new();
            // Quality 10: 1 % larger than 11, in half the time (the build
            // script runs unoptimised in release builds).
            let params = brotli::enc::BrotliEncoderParams {
                quality: 10,
                lgwin: 24,
                ..Default::default()
            };
            brotli::BrotliCompress(&mut raw.as_slice(), &mut compressed, &params)
                .unwrap_or_else(|err| panic!("compressing {name}: {err}"));
            let file = out.join(format!("{name}.br"));
            std::fs::write(&file, &compressed)
                .unwrap_or_else(|err| panic!("writing {}: {err}", file.display()));
            let _ = write!(
                table,
                "    Vocabulary {{\n        name: {name:?},\n        \
                 compressed: include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{name}.br\")),\n        \
                 specials: &{specials:?},\n    }},\n"
            );
        }
        table.push_str("];\n");
        let file = out.join("tiktoken_vocabularies.rs");
        std::fs::write(&file, table)
            .unwrap_or_else(|err| panic!("writing {}: {err}", file.display()));
    }

    /// One encoding's tokens in the compact form, and its special tokens
    /// with their ranks, in rank order.
    fn compact(bpe: &CoreBPE) -> (Vec<u8>, Vec<(String, u32)>) {
        let special_names = bpe.special_tokens();
        let mut specials: Vec<(String, u32)> = special_names
            .iter()
            .map(|special| {
                let ranks = bpe.encode_with_special_tokens(special);
                assert_eq!(ranks.len(), 1, "special token {special} is one rank");
                ((*special).to_owned(), ranks[0])
            })
            .collect();
        specials.sort_by_key(|(_, rank)| *rank);
        let is_special = |rank: u32| specials.iter().any(|(_, special)| *special == rank);
        let mut lengths = Vec::new();
        let mut bytes = Vec::new();
        let mut gap = 0;
        let mut rank = 0u32;
        while gap < LONGEST_GAP {
            match bpe.decode_bytes(&[rank]) {
                Ok(token) if !is_special(rank) => {
                    // Ranks left empty before this one.
                    lengths.extend(std::iter::repeat_n(0u8, gap as usize));
                    gap = 0;
                    let length = u8::try_from(token.len())
                        .unwrap_or_else(|_| panic!("token {rank} is longer than 255 bytes"));
                    assert!(length > 0, "token {rank} is empty");
                    lengths.push(length);
                    bytes.extend_from_slice(&token);
                }
                _ => gap += 1,
            }
            rank += 1;
        }
        let slots = u32::try_from(lengths.len()).expect("fewer than 2^32 ranks");
        let mut raw = Vec::with_capacity(4 + lengths.len() + bytes.len());
        raw.extend_from_slice(&slots.to_le_bytes());
        raw.extend_from_slice(&lengths);
        raw.extend_from_slice(&bytes);
        (raw, specials)
    }
}
