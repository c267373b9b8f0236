//! This tab's session storage, where the reader's answers and own keys stay
//! (never sent anywhere). None where the browser refuses it, as a sandboxed
//! frame may: the page then forgets them on reload and works otherwise.

pub fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}
