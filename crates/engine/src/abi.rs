//! The C ABI of the WebAssembly module: the only door between JavaScript and the engine.
//!
//! # Protocol
//!
//! 1. `ptr = alloc(len)` (0 when memory is short); the caller writes its request there.
//! 2. `status = render(ptr, len)` (a display list, display_list.rs) or
//!    `status = encode(ptr, len)` (a symbol spec, symbol_spec.rs). 0 = success.
//! 3. On success the result is `result_len()` bytes at `result_ptr()`, valid until the
//!    next `render` or `encode`; copy it out. On failure `error_code()` equals the status
//!    ([`ErrorCode`]), the message is `error_message_len()` bytes of UTF-8 at
//!    `error_message_ptr()`, and `error_element()` is the index of the display-list
//!    command at fault or -1.
//! 4. `free(ptr, len)` with the same `len`.
//!
//! `abi_version()` is 1; the facade refuses a module with another version.
//!
//! # Render result
//!
//! | offset | size | field                                                  |
//! |--------|------|--------------------------------------------------------|
//! | 0      | u32  | width, dots                                            |
//! | 4      | u32  | height, dots                                           |
//! | 8      | u32  | stride, bytes per row = (width + 7) / 8                |
//! | 12     | rest | rows, top first, MSB = leftmost dot, 1 = black         |
//!
//! The encode result is described in symbol_spec.rs.
//!
//! # Safety at the boundary
//!
//! Request pointers are checked against the Wasm memory size before they are read; every
//! field is validated by the decoders; allocation failures are reported, not aborted on.
//! The release build aborts on panic, so nothing here relies on catching one. The
//! symbols get their unmangled export names only on wasm32, so native test builds never
//! shadow the C library's `free`.

use crate::symbol_spec::{write_symbol, SymbolSpec};
use crate::{render, EngineError, ErrorCode};
use std::alloc::Layout;
use std::cell::RefCell;
use std::ptr::{self, NonNull};

pub const ABI_VERSION: u32 = 1;

/// Result of the last call, and its error if it failed.
struct State {
    result: Vec<u8>,
    error: Option<EngineError>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State { result: Vec::new(), error: None });
}

/// The version of this ABI and of the formats it reads and writes.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn abi_version() -> u32 {
    ABI_VERSION
}

/// Allocates `len` bytes for a request; 0 (null) when memory is short. `alloc(0)` returns
/// a dangling, non-null pointer that must not be written.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    if len == 0 {
        return NonNull::dangling().as_ptr();
    }
    match Layout::from_size_align(len, 1) {
        // SAFETY: the layout has a non-zero size.
        Ok(layout) => unsafe { std::alloc::alloc(layout) },
        Err(_) => ptr::null_mut(),
    }
}

/// Frees memory from [`alloc`]; `len` must be the length it was allocated with.
///
/// # Safety
/// `ptr` must come from `alloc(len)` and not have been freed.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub unsafe extern "C" fn free(ptr: *mut u8, len: usize) {
    if ptr.is_null() || len == 0 {
        return;
    }
    if let Ok(layout) = Layout::from_size_align(len, 1) {
        std::alloc::dealloc(ptr, layout);
    }
}

/// Renders the display list at `ptr..ptr+len`; see the module docs for the result.
///
/// # Safety
/// `ptr..ptr+len` must be readable memory (checked against the Wasm memory size).
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub unsafe extern "C" fn render(ptr: *const u8, len: usize) -> u32 {
    finish(request(ptr, len).and_then(|bytes| {
        let page = render::render_bytes(bytes)?;
        let mut out = Vec::new();
        let needed = 12 + page.data().len();
        if out.try_reserve_exact(needed).is_err() {
            return Err(EngineError::new(ErrorCode::System, "out of memory for the page result"));
        }
        out.extend_from_slice(&page.width().to_le_bytes());
        out.extend_from_slice(&page.height().to_le_bytes());
        out.extend_from_slice(&(page.stride() as u32).to_le_bytes());
        out.extend_from_slice(page.data());
        Ok(out)
    }))
}

/// Encodes the symbol spec at `ptr..ptr+len`; the result layout is in symbol_spec.rs.
///
/// # Safety
/// As for [`render`].
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub unsafe extern "C" fn encode(ptr: *const u8, len: usize) -> u32 {
    finish(request(ptr, len).and_then(|bytes| {
        let symbol = SymbolSpec::parse(bytes)?.encode()?;
        let mut out = Vec::new();
        write_symbol(&symbol, &mut out)?;
        Ok(out)
    }))
}

#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn result_ptr() -> *const u8 {
    STATE.with(|s| s.borrow().result.as_ptr())
}

#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn result_len() -> usize {
    STATE.with(|s| s.borrow().result.len())
}

/// The last call's status: 0 after a success.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn error_code() -> u32 {
    STATE.with(|s| s.borrow().error.as_ref().map_or(0, |e| e.code as u32))
}

#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn error_message_ptr() -> *const u8 {
    STATE.with(|s| s.borrow().error.as_ref().map_or(ptr::null(), |e| e.message.as_ptr()))
}

#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn error_message_len() -> usize {
    STATE.with(|s| s.borrow().error.as_ref().map_or(0, |e| e.message.len()))
}

/// The display-list command (element) the last error belongs to, or -1.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn error_element() -> i32 {
    STATE.with(|s| s.borrow().error.as_ref().and_then(|e| e.element).map_or(-1, |i| i as i32))
}

/// Stores a call's outcome and returns its status.
fn finish(outcome: Result<Vec<u8>, EngineError>) -> u32 {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        match outcome {
            Ok(result) => {
                s.result = result;
                s.error = None;
                0
            }
            Err(e) => {
                s.result = Vec::new();
                let code = e.code as u32;
                s.error = Some(e);
                code
            }
        }
    })
}

/// The request bytes, after checking the pointer range lies inside linear memory.
unsafe fn request<'a>(ptr: *const u8, len: usize) -> Result<&'a [u8], EngineError> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(EngineError::parameter("request pointer is null"));
    }
    let end = (ptr as usize as u64) + len as u64;
    if end > memory_bytes() {
        return Err(EngineError::parameter(format!(
            "request {}..{} lies outside memory ({} bytes)",
            ptr as usize,
            end,
            memory_bytes()
        )));
    }
    Ok(std::slice::from_raw_parts(ptr, len))
}

#[cfg(target_arch = "wasm32")]
fn memory_bytes() -> u64 {
    core::arch::wasm32::memory_size::<0>() as u64 * 65_536
}

/// Natively there is no cheap way to know; trust the (test) caller.
#[cfg(not(target_arch = "wasm32"))]
fn memory_bytes() -> u64 {
    u64::MAX
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display_list::build::*;

    unsafe fn call(f: unsafe extern "C" fn(*const u8, usize) -> u32, request: &[u8]) -> u32 {
        let ptr = alloc(request.len());
        assert!(!ptr.is_null());
        ptr::copy_nonoverlapping(request.as_ptr(), ptr, request.len());
        let status = f(ptr, request.len());
        free(ptr, request.len());
        status
    }

    fn result() -> Vec<u8> {
        unsafe { std::slice::from_raw_parts(result_ptr(), result_len()).to_vec() }
    }

    fn message() -> String {
        let bytes = unsafe { std::slice::from_raw_parts(error_message_ptr(), error_message_len()) };
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    #[test]
    fn render_round_trip_through_the_abi() {
        let mut dl = header(40_000, 30_000, 203);
        rect(&mut dl, 0, 0, 40_000, 30_000, 500, false);
        let status = unsafe { call(render, &dl) };
        assert_eq!((status, error_code(), error_element()), (0, 0, -1));
        let out = result();
        assert_eq!(&out[..12], &[64, 1, 0, 0, 240, 0, 0, 0, 40, 0, 0, 0]);
        assert_eq!(out.len(), 12 + 40 * 240);
        assert_eq!(out[12], 0xFF); // top border
    }

    #[test]
    fn errors_are_reported_and_cleared() {
        let status = unsafe { call(render, b"nope") };
        assert_eq!(status, ErrorCode::Parameter as u32);
        assert_eq!(error_code(), status);
        assert_eq!(message(), "not a display list (magic is not AMDL)");
        assert_eq!(result_len(), 0);

        let status = unsafe { call(encode, &[20, 0, 0, 0, b'o', b'k']) };
        assert_eq!((status, error_code(), error_message_len()), (0, 0, 0));
        assert_eq!(result()[0], 1);

        let mut dl = header(40_000, 30_000, 203);
        barcode(&mut dl, 0, 0, 40_000, 10_000, 0, 20, &[b'a'; 81]);
        let status = unsafe { call(render, &dl) };
        assert_eq!(status, ErrorCode::DataTooLong as u32);
        assert_eq!(error_element(), 0);
        assert_eq!(message(), "Code 128: data too long (81 characters, at most 80)");
    }

    #[test]
    fn empty_and_null_requests() {
        assert_eq!(unsafe { render(ptr::null(), 0) }, ErrorCode::Parameter as u32);
        assert_eq!(unsafe { encode(ptr::null(), 5) }, ErrorCode::Parameter as u32);
        assert_eq!(message(), "request pointer is null");
        assert!(!alloc(0).is_null());
        unsafe { free(alloc(0), 0) };
        assert_eq!(abi_version(), 1);
    }
}
