import { makeFixtures } from '../fixtures/make-fixtures';

export default function globalSetup(): void {
  makeFixtures();
}
