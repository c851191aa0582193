//! An input page: a string as given, or bytes decoded as the CLI decodes a
//! file (byte order mark, `<meta charset>`, else UTF-8).

use std::borrow::Cow;

use html_splitter::encoding::{self, NotText};
use napi::bindgen_prelude::*;

/// A page as JavaScript passed it: `string | Uint8Array` (a `Buffer` is a
/// `Uint8Array`). Bytes are copied, so that a split off the JS thread never
/// reads memory JavaScript may change meanwhile.
pub enum Html {
    Text(String),
    Bytes(Vec<u8>),
}

impl Html {
    /// The page's length in bytes, as given.
    pub fn len(&self) -> usize {
        match self {
            Html::Text(text) => text.len(),
            Html::Bytes(bytes) => bytes.len(),
        }
    }

    /// The page as text; binary data is refused, whether it came as a
    /// string (mostly control characters) or as bytes (also a binary
    /// format's signature). A few NUL characters are a page's parse
    /// errors, not binary data.
    pub fn text(&self) -> std::result::Result<Cow<'_, str>, NotText> {
        match self {
            Html::Text(text) => encoding::check_text(text).map(|()| Cow::Borrowed(text.as_str())),
            Html::Bytes(bytes) => encoding::decode_text(bytes, None).map(Cow::Owned),
        }
    }
}

impl TypeName for Html {
    fn type_name() -> &'static str {
        "string | Uint8Array"
    }

    fn value_type() -> ValueType {
        ValueType::Unknown
    }
}

impl ValidateNapiValue for Html {}

impl FromNapiValue for Html {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        // SAFETY: napi hands us a valid env and value; both conversions
        // check the value's type before reading it.
        let input = unsafe { Either::<String, Uint8Array>::from_napi_value(env, value) };
        match input {
            Ok(Either::A(text)) => Ok(Html::Text(text)),
            Ok(Either::B(bytes)) => Ok(Html::Bytes(bytes.to_vec())),
            Err(_) => Err(Error::new(
                Status::InvalidArg,
                "expected HTML as a string, a Buffer or a Uint8Array",
            )),
        }
    }
}
