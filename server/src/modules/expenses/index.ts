/** The expenses module's public face: the report's expense figures. */
export { expenseFiguresBetween } from './expenses.service.ts';
