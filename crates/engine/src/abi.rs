//! The C ABI of the WebAssembly module: the only door between JavaScript and the engine.
//!
//! # Protocol
//!
//! 1. `ptr = alloc(len)` (0 when memory is short); the caller writes its request there.
//! 2. `status = render(ptr, len)` (a display list, display_list.rs),
//!    `status = encode(ptr, len)` (a symbol spec, symbol_spec.rs) or
//!    `status = measure(ptr, len)` (below). 0 = success.
//! 3. On success the result is `result_len()` bytes at `result_ptr()`, valid until the
//!    next `render` or `encode`; copy it out. On failure `error_code()` equals the status
//!    ([`ErrorCode`]), the message is `error_message_len()` bytes of UTF-8 at
//!    `error_message_ptr()`, and `error_element()` is the index of the display-list
//!    command at fault or -1.
//! 4. `free(ptr, len)` with the same `len`.
//!
//! Fonts for TEXT and ARC_TEXT: `status = load_font(ptr, len)` registers a face (request
//! in fonts.rs) and `status = clear_fonts()` forgets them all; both leave an empty result.
//!
//! `abi_version()` is 3 (2 added `measure`, options in the symbol spec and the QR and text
//! fields of the encode result; 3 reads display list version 2 and returns grey pages);
//! the facade refuses a module with another version.
//!
//! # Render result
//!
//! | offset | size | field                                                  |
//! |--------|------|--------------------------------------------------------|
//! | 0      | u32  | width, dots                                            |
//! | 4      | u32  | height, dots                                           |
//! | 8      | u32  | stride, bytes per row                                  |
//! | 12     | rest | rows, top first                                        |
//!
//! 1-bit pages: MSB = leftmost dot, 1 = black, stride `(width + 7) / 8`. Grey pages
//! (the display list's GREY flag): one byte a dot, 0 = black, 255 = white, stride =
//! width.
//!
//! The encode result is described in symbol_spec.rs.
//!
//! # Measure
//!
//! Where a barcode element would be drawn, without drawing it: module width in whole dots
//! and the drawn size, for the editor (a barcode's real width) and for tests. Request:
//!
//! | offset | size | field                                                          |
//! |--------|------|----------------------------------------------------------------|
//! | 0      | u16  | resolution, dots per inch, 1-65535                             |
//! | 2      | u16  | reserved, 0                                                    |
//! | 4      | rest | a BARCODE command's payload (display_list.rs): element prefix, module width, symbol spec |
//!
//! Result, 60 bytes (dots are page dots, as if the box were on a page at that resolution;
//! positions follow the spec's box alignment, and the text is sized with the face the
//! renderer would draw it in, i.e. the registered fonts of this instance):
//!
//! | offset | size | field                                                          |
//! |--------|------|----------------------------------------------------------------|
//! | 0      | 4    | kind, QR version, ECC level, mask: as the encode result        |
//! | 4      | u32  | symbol width in modules (no quiet zone)                        |
//! | 8      | u32  | symbol height in modules (1 for linear)                        |
//! | 12     | u32  | dots per module (wide/narrow symbologies: the narrow element)  |
//! | 16     | u32  | dots per wide element (wide/narrow symbologies), else 0        |
//! | 20     | i32  | left edge of the bars or matrix, dots                          |
//! | 24     | i32  | top edge, dots                                                 |
//! | 28     | u32  | drawn width, dots (bars or matrix, no quiet zone)              |
//! | 32     | u32  | drawn height, dots (bars at full height, or matrix)            |
//! | 36     | u32  | drawn width, µm                                                |
//! | 40     | u32  | drawn height, µm                                               |
//! | 44     | u32  | human-readable text size, dots (0 = no text drawn)             |
//! | 48     | u8   | 1 when the symbol (with quiet zone / outside digits) fits the box |
//! | 49     | 3    | zero                                                           |
//! | 52     | i32  | left edge of the symbol's extent: bars and EAN/UPC digits outside them, dots |
//! | 56     | u32  | width of that extent, dots                                     |
//!
//! # Safety at the boundary
//!
//! Request pointers are checked against the Wasm memory size before they are read; every
//! field is validated by the decoders; allocation failures are reported, not aborted on.
//! The release build aborts on panic, so nothing here relies on catching one. The
//! symbols get their unmangled export names only on wasm32, so native test builds never
//! shadow the C library's `free`.

use crate::display_list::decode_barcode;
use crate::reader::Reader;
use crate::symbol_spec::{write_symbol, SymbolSpec, KIND_LINEAR, KIND_MATRIX};
use crate::{render, EngineError, ErrorCode};
use assetmark_symbology::module_fit::dots_to_um;
use assetmark_symbology::Symbol;
use std::alloc::Layout;
use std::cell::RefCell;
use std::ptr::{self, NonNull};

pub const ABI_VERSION: u32 = 3;

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
    // The previous result's buffer is reused, and the page's buffer goes back to the
    // renderer after the copy: rendering page after page allocates neither.
    let mut out = STATE.with(|s| std::mem::take(&mut s.borrow_mut().result));
    let outcome = request(ptr, len).and_then(|bytes| {
        let page = render::render_bytes(bytes)?;
        out.clear();
        let needed = 12 + page.data().len();
        if out.capacity() > (4 << 20) && out.capacity() / 2 > needed {
            out = Vec::new(); // an earlier, much larger page's buffer is let go, not kept
        }
        // One copy of the page into the result: the rows follow the 12-byte head.
        if out.try_reserve_exact(needed).is_err() {
            return Err(EngineError::new(ErrorCode::System, "out of memory for the page result"));
        }
        out.extend_from_slice(&page.width().to_le_bytes());
        out.extend_from_slice(&page.height().to_le_bytes());
        out.extend_from_slice(&(page.stride() as u32).to_le_bytes());
        out.extend_from_slice(page.data());
        render::recycle(page);
        Ok(())
    });
    finish(outcome.map(|()| out))
}

/// Encodes the symbol spec at `ptr..ptr+len`; the result layout is in symbol_spec.rs.
///
/// # Safety
/// As for [`render`].
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub unsafe extern "C" fn encode(ptr: *const u8, len: usize) -> u32 {
    // The previous result's buffer is reused: encoding in a loop allocates no result.
    let mut out = STATE.with(|s| std::mem::take(&mut s.borrow_mut().result));
    let outcome = request(ptr, len).and_then(|bytes| {
        let encoded = SymbolSpec::parse(bytes)?.encode()?;
        write_symbol(&encoded, &mut out)?;
        Ok(())
    });
    finish(outcome.map(|()| out))
}

/// Places a barcode element without drawing it; request and result in the module docs.
///
/// # Safety
/// As for [`render`].
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub unsafe extern "C" fn measure(ptr: *const u8, len: usize) -> u32 {
    finish(request(ptr, len).and_then(measure_bytes))
}

/// Registers a TrueType face for TEXT and ARC_TEXT: `name length u16, name UTF-8, face
/// index u32 (TTC), style u8 (bit 0 bold, bit 1 italic), role u8 (0 named face only, 1
/// also a fallback face)`, then the font file's bytes (fonts.rs). The same name and style
/// again replaces the face. A bad font is a parameter error naming it, and the registry is
/// unchanged then. The result is empty.
///
/// # Safety
/// As for [`render`].
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub unsafe extern "C" fn load_font(ptr: *const u8, len: usize) -> u32 {
    let outcome = request(ptr, len).and_then(|bytes| crate::fonts::with_registry_mut(|fonts| fonts.load(bytes)));
    finish(outcome.map(|()| Vec::new()))
}

/// Forgets every registered face; text then draws with the built-in stroke font.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn clear_fonts() -> u32 {
    crate::fonts::with_registry_mut(|fonts| fonts.clear());
    finish(Ok(Vec::new()))
}

fn measure_bytes(bytes: &[u8]) -> Result<Vec<u8>, EngineError> {
    let mut r = Reader::new(bytes);
    let dpi = r.u16("dpi")? as u32;
    if r.u16("reserved")? != 0 {
        return Err(EngineError::parameter("measure reserved field must be 0"));
    }
    if dpi == 0 {
        return Err(EngineError::parameter("dpi must be at least 1"));
    }
    // The box as if on a page (rotation and flags do not change the placement inside it).
    let (frame, module_um, spec) = decode_barcode(r.rest())?;
    let encoded = spec.encode_with_text()?;
    let area = crate::frame::dot_box(&frame.area, dpi);
    // The face the renderer would draw the text with, so the text size reported is the
    // one drawn.
    let p = crate::fonts::with_registry(|fonts| {
        let face = crate::barcode::caption_face(fonts, &spec);
        let caption = crate::barcode::Caption::of(face.as_deref());
        crate::barcode::place(&encoded, &spec, &area, module_um, dpi, caption.face())
    });
    let kind = match encoded.symbol {
        Symbol::Linear(_) => KIND_LINEAR,
        Symbol::Matrix(_) => KIND_MATRIX,
    };
    let qr = encoded.choice_bytes();
    let clamp_i32 = |v: i64| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
    let clamp_u32 = |v: i64| v.clamp(0, u32::MAX as i64) as u32;
    let mut out = Vec::with_capacity(60);
    out.push(kind);
    out.extend_from_slice(&qr);
    for v in [p.modules_wide, p.modules_high, p.module_dots, p.wide_dots] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&clamp_i32(p.x).to_le_bytes());
    out.extend_from_slice(&clamp_i32(p.y).to_le_bytes());
    out.extend_from_slice(&clamp_u32(p.width).to_le_bytes());
    out.extend_from_slice(&clamp_u32(p.height).to_le_bytes());
    out.extend_from_slice(&clamp_u32(dots_to_um(p.width.max(0) as u64, dpi) as i64).to_le_bytes());
    out.extend_from_slice(&clamp_u32(dots_to_um(p.height.max(0) as u64, dpi) as i64).to_le_bytes());
    out.extend_from_slice(&p.text_dots.to_le_bytes());
    out.extend_from_slice(&[p.fits as u8, 0, 0, 0]);
    out.extend_from_slice(&clamp_i32(p.extent_x).to_le_bytes());
    out.extend_from_slice(&clamp_u32(p.extent_width).to_le_bytes());
    Ok(out)
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
    fn grey_pages_come_back_one_byte_a_dot() {
        let mut page = crate::display_list::PageSpec::plain(40_000, 30_000, 203);
        page.grey = true;
        let mut dl = header_with(&page);
        rect(&mut dl, 0, 0, 40_000, 30_000, 500, false);
        let status = unsafe { call(render, &dl) };
        assert_eq!(status, 0, "{}", message());
        let out = result();
        assert_eq!(&out[..12], &[64, 1, 0, 0, 240, 0, 0, 0, 64, 1, 0, 0]);
        assert_eq!(out.len(), 12 + 320 * 240);
        assert_eq!((out[12], out[12 + 320 * 100 + 100]), (0, 255));
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
        let n = result().len();
        assert_eq!(&result()[n - 6..], &[2, 0, 0, 0, b'o', b'k'], "text after the modules");

        let mut dl = header(40_000, 30_000, 203);
        barcode(&mut dl, 0, 0, 40_000, 10_000, 0, 20, &[b'a'; 81]);
        let status = unsafe { call(render, &dl) };
        assert_eq!(status, ErrorCode::DataTooLong as u32);
        assert_eq!(error_element(), 0);
        assert_eq!(message(), "Code 128: data too long (81 characters, at most 80)");
    }

    #[test]
    fn measure_reports_modules_and_drawn_width() {
        // EAN-13 in a 30 x 15 mm box at 203 dpi: 2-dot modules, 190 dots = 23.773 mm.
        let mut req = vec![203, 0, 0, 0];
        for v in [0i32, 0] {
            req.extend_from_slice(&v.to_le_bytes());
        }
        for v in [30_000u32, 15_000, 0, 0] {
            req.extend_from_slice(&v.to_le_bytes());
        }
        req.extend_from_slice(&[13, 0, 0, 0]);
        req.extend_from_slice(b"690123456789");
        let status = unsafe { call(measure, &req) };
        assert_eq!(status, 0, "{}", message());
        let out = result();
        let u32_at = |i: usize| u32::from_le_bytes([out[i], out[i + 1], out[i + 2], out[i + 3]]);
        assert_eq!(out.len(), 60);
        assert_eq!(out[0], KIND_LINEAR);
        assert_eq!((u32_at(4), u32_at(8), u32_at(12), u32_at(16)), (95, 1, 2, 0));
        assert_eq!((u32_at(28), u32_at(36)), (190, 23_773));
        assert_eq!((u32_at(44), out[48]), (14, 1));
        // The extent adds the leading digit's 7 modules left of the bars.
        assert_eq!(u32_at(56), 190 + 14);
        assert_eq!(u32_at(20) as i32 - u32_at(52) as i32, 14);
        // Bad dpi, bad payload.
        req[0] = 0;
        assert_eq!(unsafe { call(measure, &req) }, ErrorCode::Parameter as u32);
        assert_eq!(unsafe { call(measure, &[203, 0, 0, 0, 1, 2]) }, ErrorCode::Parameter as u32);
    }

    #[test]
    fn measure_reports_the_aligned_position_and_the_drawn_text() {
        use crate::symbol_spec::build::spec;
        use crate::symbol_spec::{TAG_BOX_ALIGN, TAG_TEXT_FONT};
        let measure_at = |w: u32, h: u32, spec_bytes: &[u8]| {
            let mut req = vec![203, 0, 0, 0];
            for v in [0i32, 0] {
                req.extend_from_slice(&v.to_le_bytes());
            }
            for v in [w, h, 0, 0] {
                req.extend_from_slice(&v.to_le_bytes());
            }
            req.extend_from_slice(spec_bytes);
            assert_eq!(unsafe { call(measure, &req) }, 0, "{}", message());
            let out = result();
            let at = |i: usize| i32::from_le_bytes([out[i], out[i + 1], out[i + 2], out[i + 3]]);
            (at(20), at(24), at(44), at(52))
        };
        // QR "hello" in 20 x 10 mm (160 x 80 dots): 3-dot modules, 63 dots, 6 dots quiet.
        let (x, y, _, _) = measure_at(20_000, 10_000, &spec(58, &[(TAG_BOX_ALIGN, &[2, 2])], b"hello"));
        assert_eq!((x, y), (160 - 6 - 63, 80 - 6 - 63));
        let (x, y, _, _) = measure_at(20_000, 10_000, &spec(58, &[(TAG_BOX_ALIGN, &[0, 0])], b"hello"));
        assert_eq!((x, y), (6, 6));
        // EAN-13, left: the extent (leading digit) starts at the box's edge.
        let (x, _, _, extent_x) = measure_at(40_000, 15_000, &spec(13, &[(TAG_BOX_ALIGN, &[0, 1])], b"690123456789"));
        assert_eq!((extent_x, x), (0, 7 * 3));

        // With a face registered, the text size measured is the one the face can draw: a
        // caption as wide as the box shrinks to what fits, by the face's advances.
        let lib = match crate::fonts::test_fonts::bytes("LiberationSans-Regular.ttf") {
            Some(b) => b,
            None => return,
        };
        let mut font = vec![0u8];
        font.extend_from_slice(b"Arial");
        let wide = spec(20, &[(TAG_TEXT_FONT, &font), (crate::symbol_spec::TAG_TEXT_SIZE, &5_000u32.to_le_bytes())], b"WWWWWWWWWWWW");
        assert_eq!(clear_fonts(), 0);
        let stroke = measure_at(30_000, 30_000, &wide).2;
        let status = unsafe { call(load_font, &crate::fonts::test_fonts::request("Arial", 0, 0, 1, &lib)) };
        assert_eq!(status, 0, "{}", message());
        let truetype = measure_at(30_000, 30_000, &wide).2;
        let face = crate::fonts::with_registry(|r| r.caption_face_for("Arial", false, false)).unwrap();
        use assetmark_raster::TextFace;
        assert!(face.advance("WWWWWWWWWWWW", truetype as u32) <= 240);
        assert!(face.advance("WWWWWWWWWWWW", truetype as u32 + 1) > 240);
        assert_ne!(stroke, truetype);
        assert_eq!(clear_fonts(), 0);
    }

    #[test]
    fn fonts_load_replace_and_clear_through_the_abi() {
        use crate::fonts::test_fonts::{bytes, request};
        let lib = match bytes("LiberationSans-Regular.ttf") {
            Some(b) => b,
            None => return,
        };
        assert_eq!(clear_fonts(), 0);
        let status = unsafe { call(load_font, &request("Arial", 0, 0, 1, &lib)) };
        assert_eq!((status, result_len()), (0, 0), "{}", message());
        assert_eq!(crate::fonts::with_registry(|r| r.len()), 1);
        // a bad font names itself and leaves the registry alone
        let status = unsafe { call(load_font, &request("Broken", 0, 0, 1, &lib[..100])) };
        assert_eq!(status, ErrorCode::Parameter as u32);
        assert!(message().starts_with("font 'Broken' (face 0): "), "{}", message());
        assert_eq!(crate::fonts::with_registry(|r| r.len()), 1);
        let status = unsafe { call(load_font, &request("Arial", 1, 0, 1, &lib)) };
        assert_eq!(status, ErrorCode::Parameter as u32);
        assert_eq!(unsafe { load_font(ptr::null(), 3) }, ErrorCode::Parameter as u32);
        assert_eq!(clear_fonts(), 0);
        assert_eq!(error_code(), 0);
        assert!(crate::fonts::with_registry(|r| r.is_empty()));
    }

    #[test]
    fn empty_and_null_requests() {
        assert_eq!(unsafe { render(ptr::null(), 0) }, ErrorCode::Parameter as u32);
        assert_eq!(unsafe { encode(ptr::null(), 5) }, ErrorCode::Parameter as u32);
        assert_eq!(message(), "request pointer is null");
        assert!(!alloc(0).is_null());
        unsafe { free(alloc(0), 0) };
        assert_eq!(abi_version(), 3);
    }
}
