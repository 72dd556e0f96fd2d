/**
 * A titled surface for a group of content (the settings screen is a column of them).
 *
 *   <Card title="Información general" actions={<Button>Guardar</Button>}>…</Card>
 *
 * The title is an <h2> that labels the card's region; `actions` sit at the bottom right.
 */
import { type HTMLAttributes, type ReactNode, useId } from "react";

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  title?: ReactNode;
  actions?: ReactNode;
}

export function Card({ title, actions, className, children, ...rest }: CardProps) {
  const titleId = useId();
  return (
    <section
      {...rest}
      className={`card${className ? ` ${className}` : ""}`}
      aria-labelledby={title ? titleId : undefined}
    >
      {title && (
        <h2 id={titleId} className="card-title">
          {title}
        </h2>
      )}
      {children}
      {actions && <div className="card-actions">{actions}</div>}
    </section>
  );
}
