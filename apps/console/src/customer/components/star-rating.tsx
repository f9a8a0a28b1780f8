import { STAR_COUNT } from '@dastak/core/constants';
import { STAR_TITLES } from '@dastak/core/states';
import { type ReactNode, useId } from 'react';

/**
 * One star question: a native radio group (arrow keys move, space picks), each star titled
 * Very Bad..Excellent; the stars up to the chosen one light up. The message says why the form
 * was refused, right under the question.
 */
export function StarRating({
  name,
  label,
  value,
  onChange,
  error,
}: {
  name: string;
  label: ReactNode;
  value: number | null;
  onChange: (stars: number) => void;
  error?: string | null;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="c-question"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="c-question-label">{label}</legend>
      <div className="c-stars">
        {Array.from({ length: STAR_COUNT }, (_, i) => {
          const stars = i + 1;
          const title = STAR_TITLES[i] ?? String(stars);
          return (
            <label
              key={stars}
              className={value !== null && stars <= value ? 'c-star c-star-on' : 'c-star'}
              title={title}
            >
              <input
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                aria-label={title}
              />
              <span aria-hidden="true">★</span>
            </label>
          );
        })}
      </div>
      {value !== null && <p className="c-star-title">{STAR_TITLES[value - 1]}</p>}
      {error && (
        <p className="c-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
