"""The pretreatment screens, under /pretreatment/ (namespace ``pretreatment``): ``pages`` shows the program
(users, exceedances, reviews, the lab import); ``entry`` records what staff enter by hand; ``evaluations``
starts a period's evaluation and shows its runs and change lists."""
