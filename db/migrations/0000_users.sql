CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`nickname` text NOT NULL,
	`password_hash` text,
	`login_method` text DEFAULT 'email' NOT NULL,
	`theme` text DEFAULT 'dark' NOT NULL,
	`two_factor_enabled` integer DEFAULT false NOT NULL,
	`twofa_token` text,
	`user_type` text DEFAULT 'user' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_nickname_unique` ON `users` (`nickname`);