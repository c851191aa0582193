//! A JavaScript function as the sizer (`sizer: (text) => number`, LangChain's
//! `lengthFunction`). It is called on the JS thread, so a splitter with one
//! splits synchronously.

use std::cell::RefCell;

use html_splitter::Sizer;
use napi::JsValue;
use napi::bindgen_prelude::*;

/// The function, kept alive by a reference for as long as the splitter.
pub struct SizeFunction(FunctionRef<String, Unknown<'static>>);

impl SizeFunction {
    pub fn new(function: Function<'_, String, Unknown<'static>>) -> Result<Self> {
        Ok(SizeFunction(function.create_ref()?))
    }
}

/// The function during one split. Its first failure (a throw, a value that
/// is not a size) is kept and thrown when the split is done; the sizes
/// returned meanwhile do not matter.
pub struct FunctionSizer<'env> {
    function: Function<'env, String, Unknown<'static>>,
    error: RefCell<Option<Error>>,
}

impl<'env> FunctionSizer<'env> {
    pub fn new(env: &'env Env, function: &SizeFunction) -> Result<Self> {
        Ok(FunctionSizer {
            function: function.0.borrow_back(env)?,
            error: RefCell::new(None),
        })
    }

    /// The first failure of the function during the split, if any.
    pub fn finish(self) -> Result<()> {
        match self.error.into_inner() {
            Some(err) => Err(err),
            None => Ok(()),
        }
    }

    fn call(&self, text: &str) -> Result<usize> {
        let value = self.function.call(text.to_owned())?;
        match value.get_type()? {
            ValueType::Number => {
                let size = value.coerce_to_number()?.get_double()?;
                if size >= 0.0 && size.fract() == 0.0 && size <= usize::MAX as f64 {
                    Ok(size as usize)
                } else {
                    Err(not_a_size(&size.to_string()))
                }
            }
            ValueType::Object if value.is_promise()? => Err(Error::new(
                Status::InvalidArg,
                "the sizer function returned a Promise: it must return a number synchronously \
                 (it is called on the JS thread while the page is split)",
            )),
            other => Err(not_a_size(&other.to_string())),
        }
    }
}

fn not_a_size(got: &str) -> Error {
    Error::new(
        Status::InvalidArg,
        format!("the sizer function returned {got}: expected a non-negative integer"),
    )
}

impl Sizer for FunctionSizer<'_> {
    fn size(&self, text: &str) -> usize {
        if self.error.borrow().is_some() {
            // A JS exception may be pending: call nothing more.
            return 0;
        }
        self.call(text).unwrap_or_else(|err| {
            *self.error.borrow_mut() = Some(err);
            0
        })
    }
}
