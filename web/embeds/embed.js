// Gin Rummy embeds for any web page, of any origin: one classic script (no imports, so it
// needs no CORS from the game's host) that defines three elements:
//
//   <gin-hand cards="As 2s 3s ..." rules="standard">           a hand's melds and deadwood
//   <gin-showdown rules="classic" knocker="..." defender="..."  a showdown: lay-offs, points
//                 upcard="8s">
//   <gin-rummy rules="oklahoma" level="hard" seed="7">         the game, in an iframe
//
// Each speaks the language of its nearest `lang` (its own attribute, an ancestor's, the
// host page's <html lang>) when the game speaks it (en, it, es, fr, de), else English.
// `rules` is a preset name, optionally followed by changed fields as in the game's URL:
// "classic&gin_bonus=20". Each element draws in its own shadow root with the game's style
// sheets, so the host's CSS does not reach it and its CSS does not leak out.
// Illustrations are computed by ONE hidden iframe per host page (illustrate.html, on the
// game's origin, where the Python worker may run) and come back as markup by postMessage.
// The game is an iframe of index.html?embed=1, started by a click (or at once, lazily,
// with the `autostart` attribute), since every game boots its own Python.
(() => {
  if (customElements.get("gin-hand")) return; // the script was included twice
  const script = document.currentScript;
  const BASE = new URL(".", script ? script.src : location.href);
  const ORIGIN = BASE.origin;
  const ANSWER_MS = 120000; // a rules engine that never answers: show the cards as written
  const HELLO_MS = 10000; // a loaded frame that does not greet back is not the server (a 404)
  const sheets = `<link rel="stylesheet" href="${new URL("style.css", BASE)}">` +
    `<link rel="stylesheet" href="${new URL("embed.css", BASE)}">`;

  const LANGUAGES = ["en", "it", "es", "fr", "de"];

  /** Return the language `element` is drawn in: its nearest `lang` if spoken, else "en". */
  function languageOf(element) {
    const code = (element.closest("[lang]")?.getAttribute("lang") || "").slice(0, 2).toLowerCase();
    return LANGUAGES.includes(code) ? code : "en";
  }

  // The game URL's parameters that are not rules: the element sets them itself (embed,
  // lang) or from attributes of their own (seed, level); strings.js has the last four as
  // GAME_PARAMS. A `rules` attribute cannot set them: "standard&embed=0" is the standard rules.
  const NOT_RULES = ["embed", "lang", "seed", "secret", "level", "practice"];

  /**
   * Return URL-style rule params of a `rules` attribute: "classic&gin_bonus=20", or only
   * changed fields ("gin_bonus=20": from the standard rules, as in the game's URL).
   */
  function ruleParams(text) {
    const query = (text || "standard").trim();
    const first = query.split("&")[0];
    const params = new URLSearchParams(first.includes("=") ? query : `preset=${query}`);
    const rules = [...params].filter(([name]) => !NOT_RULES.includes(name));
    return { preset: "standard", ...Object.fromEntries(rules) };
  }

  /** Return rule params in words for a poster: "classic, gin bonus 20". */
  function rulesInWords(params) {
    const { preset, ...changes } = params;
    const words = [preset, ...Object.entries(changes).map(([name, value]) => `${name} ${value}`)];
    return words.join(", ").replaceAll("_", " ");
  }

  // --- the shared illustration server ---------------------------------------------------
  let server = null;
  let serverWindow = null;
  const waiting = new Map();
  let nextId = 1;

  function startServer() {
    if (server) return server;
    const frame = document.createElement("iframe");
    frame.src = new URL("illustrate.html", BASE).href;
    frame.title = "Gin Rummy rules engine";
    frame.tabIndex = -1;
    frame.setAttribute("aria-hidden", "true");
    frame.style.cssText =
      "position:absolute;left:-10px;top:-10px;width:1px;height:1px;border:0;opacity:0;pointer-events:none";
    let greeted = null;
    server = new Promise((resolve, reject) => {
      greeted = resolve;
      frame.addEventListener("load", () => {
        serverWindow = frame.contentWindow;
        serverWindow.postMessage({ ginrummy: "hello" }, ORIGIN);
        setTimeout(() => reject(new Error("the illustration page did not load")), HELLO_MS);
      });
    });
    addEventListener("message", (event) => {
      const data = event.data;
      if (event.origin !== ORIGIN || event.source !== serverWindow || !data) return;
      if (data.ginrummy === "hello") greeted(serverWindow);
      if (data.ginrummy !== "drawn") return;
      const resolve = waiting.get(data.id);
      waiting.delete(data.id);
      if (resolve) resolve(data);
    });
    document.body.append(frame);
    return server;
  }

  /** Ask the server for an illustration; resolve with {ok, html, error} (no html: it failed). */
  async function illustrate(request, written, lang) {
    let target;
    try {
      target = await startServer();
    } catch (error) {
      return { ok: false, error: error.message };
    }
    return new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      target.postMessage({ ginrummy: "illustrate", id, request, written, lang }, ORIGIN);
      setTimeout(() => waiting.delete(id) && resolve({ ok: false, error: "no answer" }), ANSWER_MS);
    });
  }

  // --- the illustration elements --------------------------------------------------------
  class Illustration extends HTMLElement {
    static observedAttributes = ["cards", "knocker", "defender", "upcard", "rules", "lang"];

    connectedCallback() {
      this.draw();
    }

    attributeChangedCallback() {
      if (this.shadowRoot) this.draw();
    }

    /** Draw the author's cards as written, then the engine's illustration in their place. */
    async draw() {
      const root = this.shadowRoot || this.attachShadow({ mode: "open" });
      const ticket = (this.ticket = {});
      root.innerHTML = `${sheets}<div class="embed-frame" part="frame"><p class="written"></p></div>`;
      const box = root.querySelector(".embed-frame");
      const lang = languageOf(this);
      box.lang = lang;
      const written = this.written();
      box.querySelector(".written").textContent = written;
      this.dataset.state = "loading";
      const request = { ...this.request(), rules: ruleParams(this.getAttribute("rules")) };
      const answer = await illustrate(request, written, lang);
      if (ticket !== this.ticket) return; // redrawn meanwhile
      if (answer.html) box.innerHTML = answer.html;
      else box.title = answer.error;
      this.dataset.state = answer.ok ? "drawn" : answer.html ? "error" : "failed";
    }
  }

  class GinHand extends Illustration {
    request() {
      return { kind: "hand", cards: this.getAttribute("cards") || "" };
    }

    written() {
      return this.getAttribute("cards") || "";
    }
  }

  class GinShowdown extends Illustration {
    request() {
      const request = { kind: "showdown", knocker: this.getAttribute("knocker") || "" };
      request.defender = this.getAttribute("defender") || "";
      if (this.getAttribute("upcard")) request.upcard = this.getAttribute("upcard");
      return request;
    }

    written() {
      const upcard = this.getAttribute("upcard") ? ` (${this.getAttribute("upcard")})` : "";
      return `${this.getAttribute("knocker") || ""} / ${this.getAttribute("defender") || ""}${upcard}`;
    }
  }

  // --- the game -------------------------------------------------------------------------
  class GinRummy extends HTMLElement {
    connectedCallback() {
      if (this.shadowRoot) return;
      const root = this.attachShadow({ mode: "open" });
      root.innerHTML = `${sheets}<div class="embed-game" part="frame"></div>`;
      const box = root.querySelector(".embed-game");
      box.style.height = `${Number(this.getAttribute("height")) || 600}px`;
      if (this.hasAttribute("autostart")) return this.start(box);
      const poster = document.createElement("button");
      poster.type = "button";
      poster.className = "embed-poster";
      poster.innerHTML = '<span class="fan" aria-hidden="true"><span></span><span></span><span></span></span><b></b><small></small>';
      poster.querySelector("b").textContent = this.getAttribute("label") || "\u25B6 Gin Rummy";
      poster.querySelector("small").textContent = rulesInWords(ruleParams(this.getAttribute("rules")));
      poster.addEventListener("click", () => this.start(box), { once: true });
      box.append(poster);
    }

    /** Replace the poster with the game's iframe (compact layout, not saved). */
    start(box) {
      // every value encoded into the query, none spliced into it
      const query = new URLSearchParams({ embed: "1", ...ruleParams(this.getAttribute("rules")), lang: languageOf(this) });
      for (const name of ["seed", "level"]) if (this.getAttribute(name)) query.set(name, this.getAttribute(name));
      const frame = document.createElement("iframe");
      frame.src = `${new URL("index.html", BASE)}?${query}`;
      frame.title = this.getAttribute("label") || "Gin Rummy";
      frame.loading = "lazy";
      box.replaceChildren(frame);
      this.dataset.state = "started";
    }
  }

  customElements.define("gin-hand", GinHand);
  customElements.define("gin-showdown", GinShowdown);
  customElements.define("gin-rummy", GinRummy);
})();
