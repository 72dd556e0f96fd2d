/**
 * A list's search box (seed 002 section 2.4, seed 000 section 2.8): the text shows upper-cased, the search runs
 * 500 ms after the last keystroke, and a back arrow clears it at once.
 *
 *   <SearchBar value={search} onSearch={setSearch} label="Buscar" />
 *
 * `value` is the search in effect; the box follows it when it changes from outside (a link that brings one).
 */
import { ArrowLeft, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { IconButton } from "./icon-button";
import "./lists.css";

export const SEARCH_DEBOUNCE_MS = 500;

export interface SearchBarProps {
  value: string;
  onSearch(text: string): void;
  label?: string;
  delay?: number;
}

export function SearchBar({ value, onSearch, label = "Buscar", delay = SEARCH_DEBOUNCE_MS }: SearchBarProps) {
  const [text, setText] = useState(value);
  // The latest callback without restarting the pause whenever the parent renders.
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  // What this box last asked for: only a different value comes from outside and replaces what is typed.
  const sent = useRef(value);
  const send = (next: string) => {
    sent.current = next;
    onSearchRef.current(next);
  };

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => send(text), delay);
    return () => clearTimeout(timer);
  }, [text, value, delay]);

  const clear = () => {
    setText("");
    send("");
  };

  return (
    <div className="search-bar" role="search">
      {text ? (
        <IconButton label="Limpiar búsqueda" onClick={clear}>
          <ArrowLeft size={20} />
        </IconButton>
      ) : (
        <span className="search-bar-icon" aria-hidden>
          <Search size={20} />
        </span>
      )}
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        value={text}
        onChange={(e) => setText(e.target.value.toUpperCase())}
        onKeyDown={(e) => {
          if (e.key === "Escape" && text) clear();
        }}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}
