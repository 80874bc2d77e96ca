// The app: a lobby, a table per game, a replay viewer and each game's
// rules, routed by the URL's fragment (#/, #/game/<id>,
// #/game/<id>/replay, #/rules/<game>) so that the server serves files
// only.

import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Lobby } from "./lobby.js";
import { Table } from "./table.js";
import { Replay } from "./replay.js";
import { RulesPage } from "./help.js";
import { auditorToken, setAuditorToken } from "./api.js";
import "./style.css";

interface Route {
  page: "lobby" | "table" | "replay" | "rules";
  gameId: string;
  params: URLSearchParams;
}

function parse(hash: string): Route {
  const [path, query] = hash.replace(/^#/, "").split("?");
  const params = new URLSearchParams(query ?? "");
  const parts = (path ?? "").split("/").filter(Boolean);
  if (parts[0] === "game" && parts[1]) {
    return { page: parts[2] === "replay" ? "replay" : "table", gameId: decodeURIComponent(parts[1]), params };
  }
  if (parts[0] === "rules" && parts[1]) return { page: "rules", gameId: decodeURIComponent(parts[1]), params };
  return { page: "lobby", gameId: "", params };
}

function Settings() {
  const [token, setToken] = useState(auditorToken());
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button class="link" id="settings" onClick={() => setOpen(true)}>
        {token ? "auditor token set" : "auditor token…"}
      </button>
    );
  }
  return (
    <form
      class="settings"
      onSubmit={(e) => {
        e.preventDefault();
        setAuditorToken(token);
        setOpen(false);
        location.reload();
      }}
    >
      <input id="auditor-token" type="password" aria-label="auditor token" placeholder="auditor token" value={token} onInput={(e) => setToken(e.currentTarget.value)} />
      <button type="submit">save</button>
    </form>
  );
}

function App() {
  const [route, setRoute] = useState(parse(location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parse(location.hash));
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  const key = `${route.page}/${route.gameId}/${route.params.get("as") ?? ""}`;
  return (
    <>
      <header class="site">
        <a href="#/" class="brand">
          Moonshine
        </a>
        <nav aria-label="site">
          <a href="/openapi.json">API</a>
          <Settings />
        </nav>
      </header>
      <main>
        {route.page === "lobby" && <Lobby />}
        {route.page === "rules" && <RulesPage game={route.gameId} />}
        {route.page === "table" && <Table key={key} gameId={route.gameId} asked={route.params.get("as")} />}
        {route.page === "replay" && (
          <Replay key={key} gameId={route.gameId} asked={route.params.get("as")} seq={Number(route.params.get("seq") ?? "")} />
        )}
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
