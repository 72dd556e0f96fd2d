/**
 * A document's pictures as tiles (orders, budgets: the `{ url, name?, video? }` shape both keep): each opens in a new
 * tab, a video shows as a film icon, and 'Sin fotos' when there are none.
 */
import { Film } from "lucide-react";
import "./picture-grid.css";

export interface Picture {
  url: string;
  name?: string;
  video?: boolean;
}

export function PictureGrid({ pictures }: { pictures: readonly Picture[] }) {
  if (!pictures.length) return <p className="muted">Sin fotos</p>;
  return (
    <ul className="picture-grid">
      {pictures.map((p, i) => (
        <li key={`${p.url}-${i}`}>
          <a href={p.url} target="_blank" rel="noreferrer" aria-label={p.name ?? `Foto ${i + 1}`}>
            {p.video ? <Film size={28} aria-hidden /> : <img src={p.url} alt="" loading="lazy" />}
          </a>
        </li>
      ))}
    </ul>
  );
}
