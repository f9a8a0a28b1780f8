import { EMPTY } from '@dastak/core/messages';
import { Frame } from './frame';

export function Loading() {
  return (
    <Frame>
      <p className="c-loading" role="status">
        {EMPTY.LOADING}
      </p>
    </Frame>
  );
}
