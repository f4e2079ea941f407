CREATE TABLE `crypto_views` (
	`crypto_id` text NOT NULL,
	`hour` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`crypto_id`, `hour`)
);
