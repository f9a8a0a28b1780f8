import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTasks } from './hooks';
import { flush } from './runtime';
import { DeliverScreen } from './screens/deliver';
import { FeedbackScreen } from './screens/feedback';
import { HomeScreen } from './screens/home';
import { LoginScreen } from './screens/login';
import { ProblemScreen } from './screens/problem';
import type { Screen } from './screens/screen';
import { TaskScreen } from './screens/task';
import { getSession, subscribeSession } from './session';

/** Screens move through the page's history (same URL), so Android's Back goes back a screen. */
function useScreen(): [Screen, (s: Screen) => void, () => void] {
  const [screen, setScreen] = useState<Screen>(
    () => (history.state as Screen | null) ?? { name: 'home' },
  );
  useEffect(() => {
    const onPop = (e: PopStateEvent) => setScreen((e.state as Screen | null) ?? { name: 'home' });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const open = useCallback((s: Screen) => {
    history.pushState(s, '');
    setScreen(s);
    window.scrollTo(0, 0);
  }, []);
  const back = useCallback(() => {
    if (history.state) history.back();
    else setScreen({ name: 'home' });
  }, []);
  return [screen, open, back];
}

function SignedIn() {
  const [screen, open, back] = useScreen();
  const { tasks, updatedAt } = useTasks();
  useEffect(() => {
    void flush();
  }, []);
  switch (screen.name) {
    case 'task':
      return <TaskScreen orderId={screen.orderId} tasks={tasks} open={open} back={back} />;
    case 'problem':
      return <ProblemScreen orderId={screen.orderId} tasks={tasks} back={back} />;
    case 'feedback':
      return <FeedbackScreen orderId={screen.orderId} tasks={tasks} back={back} />;
    case 'deliver':
      return <DeliverScreen tasks={tasks} back={back} />;
    default:
      return <HomeScreen open={open} tasks={tasks} updatedAt={updatedAt} />;
  }
}

export function RiderApp() {
  const session = useSyncExternalStore(subscribeSession, getSession);
  // A new sign-in starts from the list, whatever screen the last session was on.
  return session ? <SignedIn key={session.user.id} /> : <LoginScreen />;
}
