//! Helpers shared by the conformance tests.

use tokenizers::Tokenizer;
use tokenizers::models::wordlevel::WordLevel;
use tokenizers::pre_tokenizers::whitespace::Whitespace;

/// A word-level Hugging Face tokenizer built in code (no file, no network):
/// `vocab[0]` is the unknown token, every other entry a word; text is first
/// split into words and runs of punctuation, so each of those is one token.
pub fn word_level(vocab: &[&str]) -> Tokenizer {
    let model = WordLevel::builder()
        .vocab(
            vocab
                .iter()
                .enumerate()
                .map(|(id, word)| ((*word).to_owned(), u32::try_from(id).expect("small")))
                .collect(),
        )
        .unk_token(vocab[0].to_owned())
        .build()
        .expect("a valid word-level model");
    let mut tokenizer = Tokenizer::new(model);
    tokenizer.with_pre_tokenizer(Some(Whitespace));
    tokenizer
}
