package io.feedline.app.cli;

/**
 * A command that a module outside the production build adds to {@code feedline}. The implementing
 * class is a picocli {@code @Command} with a public no-argument constructor, listed in that module's
 * {@code META-INF/services/io.feedline.app.cli.ExtraCommand}; {@link FeedlineCli} finds it with
 * {@link java.util.ServiceLoader} when the module is on the class path. The bench module adds
 * {@code feedline bench} this way, so the production jar carries no benchmark code.
 */
public interface ExtraCommand {}
