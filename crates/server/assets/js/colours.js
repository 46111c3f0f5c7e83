// Eight seat colours, told apart on the dark card: the end screen's chart and the review's.
export const SEAT_COLOURS = ["#5aa9ff", "#ff7ac0", "#7fe07f", "#ffc94d", "#c59bff", "#4de0d0", "#ff9a5c", "#e8e8e8"];
