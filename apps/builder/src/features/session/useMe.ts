import type { Me } from '@quizbeam/contracts/auth';
import { useRouteLoaderData } from 'react-router';
import { SESSION_ROUTE_ID } from './sessionLoader';

export function useMe(): Me {
  const me = useRouteLoaderData<Me>(SESSION_ROUTE_ID);
  if (!me) throw new Error('useMe is only available below the session route');
  return me;
}
