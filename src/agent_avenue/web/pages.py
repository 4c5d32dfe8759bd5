"""The web page's HTML: the form that asks for the room code and a seat, the table's terminal
page (textual-serve's own page, with nothing fetched from another host), and one-sentence pages.

Every value from outside is escaped; every address is relative, so the pages work behind a
reverse proxy under any path, over http or https.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from agent_avenue.i18n import t

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self'; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
    "form-action 'self'; base-uri 'none'"
)
"""Sent with every page: the browser itself refuses anything from another host."""

__all__ = ["CONTENT_SECURITY_POLICY", "form_page", "message_page", "terminal_page"]

_STYLE = """
body { background: #0c181f; color: rgba(255, 255, 255, 0.95); margin: 0;
  font-family: "Roboto Mono", menlo, monospace; }
@font-face { font-family: "Roboto Mono"; font-weight: 100 900;
  src: url("static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
main { max-width: 40rem; margin: 3rem auto; padding: 2rem; background: #12232d; }
label { display: block; margin: 1rem 0 0.3rem; }
input[type=text] { font: inherit; width: 100%; padding: 0.4rem; box-sizing: border-box; }
fieldset { border: 1px solid #2b4a5c; margin-top: 1rem; }
button { font: inherit; padding: 0.8rem 2rem; margin-top: 1.5rem; border: none;
  background: #5e0ba7; color: white; cursor: pointer; }
button:hover { background: #ac5af4; }
a { color: #9fd3ff; }
"""

_FILL_CODE = """
<script>
  // A link may carry the room code after '#' (never sent to any server) or as a path segment.
  const field = document.getElementById("code");
  const fromHash = decodeURIComponent(location.hash.slice(1)).trim();
  const fromPath = location.pathname.split("/").filter(s => /^[A-Za-z0-9]{10}$/.test(s)).pop();
  if (!field.value) field.value = (fromHash || fromPath || "").toUpperCase();
</script>
"""


def _page(title: str, body: str) -> str:
    """A whole page."""
    return (
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head>"
        f"<body><main>{body}</main></body></html>\n"
    )


def form_page(seats: Sequence[tuple[int, str]], spectators: bool, free: int) -> str:
    """The first page: room code, name, and a seat (number, label) or watching."""
    choices = []
    for index, (seat, label) in enumerate(seats):
        checked = " checked" if index == 0 else ""
        choices.append(
            f"<label><input type='radio' name='place' value='seat-{seat}'{checked}> "
            f"{escape(label)}</label>"
        )
    if spectators:
        checked = "" if seats else " checked"
        choices.append(
            f"<label><input type='radio' name='place' value='watch'{checked}> "
            f"{escape(t('net.web.watch'))}</label>"
        )
    body = (
        f"<h1>{escape(t('net.web.title'))}</h1>"
        f"<p>{escape(t('net.web.free', free=free))}</p>"
        "<form method='post' action='play'>"
        f"<label for='code'>{escape(t('net.web.code'))}</label>"
        "<input type='text' id='code' name='code' required maxlength='16' autocomplete='off'"
        " autocapitalize='characters' spellcheck='false'>"
        f"<label for='name'>{escape(t('net.web.name'))}</label>"
        "<input type='text' id='name' name='name' maxlength='64' autocomplete='nickname'>"
        f"<fieldset><legend>{escape(t('net.web.place'))}</legend>{''.join(choices)}</fieldset>"
        f"<button type='submit' id='sit'>{escape(t('net.web.sit'))}</button>"
        f"</form>{_FILL_CODE}"
    )
    return _page(t("net.web.title"), body)


def message_page(sentence: str) -> str:
    """A page of one sentence (the table is full, a wrong code...) and a way back."""
    body = (
        f"<h1>{escape(t('net.web.title'))}</h1>"
        f"<p id='message'>{escape(sentence)}</p>"
        f"<p><a href='./'>{escape(t('net.web.back'))}</a></p>"
    )
    return _page(t("net.web.title"), body)


_TERMINAL = """<!DOCTYPE html>
<html>
  <head>
    <meta charset="utf-8">
    <title>__TITLE__</title>
    <link rel="stylesheet" href="static/css/xterm.css" />
    <link rel="preload" href="static/fonts/RobotoMono-VariableFont_wght.ttf" as="font"
      type="font/ttf" crossorigin />
    <script src="static/js/textual.js"></script>
    <style>
      @font-face { font-family: "Roboto Mono"; font-weight: 100 900;
        src: url("static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
      @font-face { font-family: "Roboto Mono"; font-style: italic; font-weight: 100 900;
        src: url("static/fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype"); }
      body { background: #0c181f; margin: 0; }
      .dialog-container { position: absolute; width: 100vw; height: 100vh; display: flex;
        align-items: center; justify-content: center; z-index: 10; }
      .shade { position: absolute; width: 100%; height: 100%; background: #0c181f;
        background-image: url("static/images/background.png"); }
      .intro { width: 640px; height: 240px; font-size: 16px; z-index: 20;
        font-family: "Roboto Mono", menlo, monospace; text-align: center;
        color: rgba(255, 255, 255, 0.95); background-color: #12232d; display: flex;
        flex-direction: column; align-items: center; justify-content: center; margin: 32px; }
      body.-first-byte .intro-dialog { display: none; }
      body .textual-terminal { opacity: 0; transition: opacity 0.3s ease-out; }
      body.-first-byte .textual-terminal { opacity: 1; }
      .intro a { padding: 16px 32px; background-color: #5e0ba7; color: white; margin: 16px;
        text-decoration: none; }
      .closed-dialog { display: none; }
      body.-closed .closed-dialog { display: flex; }
      #terminal { width: 100vw; height: 100vh; }
    </style>
  </head>
  <body>
    <div class="dialog-container intro-dialog">
      <div class="shade"></div>
      <div class="intro"><div>__TITLE__</div><div>__STARTING__</div></div>
    </div>
    <div class="dialog-container closed-dialog">
      <div class="shade"></div>
      <div class="intro"><div class="message">__ENDED__</div><a href="./">__BACK__</a></div>
    </div>
    <div id="terminal" class="textual-terminal" data-font-size="16"></div>
    <script>
      // The session's websocket, on this page's own host (ws: or wss: as the page came).
      const socket = new URL("ws/__TICKET__", location.href);
      socket.protocol = location.protocol === "https:" ? "wss:" : "ws:";
      document.getElementById("terminal").dataset.sessionWebsocketUrl = socket.href;
    </script>
  </body>
</html>
"""


def terminal_page(ticket: str) -> str:
    """The table: textual-serve's terminal (xterm.js) connected to this visitor's session."""
    replacements = {
        "__TITLE__": escape(t("net.web.title")),
        "__STARTING__": escape(t("net.web.starting")),
        "__ENDED__": escape(t("net.web.ended")),
        "__BACK__": escape(t("net.web.back")),
        "__TICKET__": escape(ticket),
    }
    page = _TERMINAL
    for key, value in replacements.items():
        page = page.replace(key, value)
    return page
