package io.feedline.app.bootstrap;

import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The configuration reference, docs/CONFIGURATION.md, written from {@code reference.conf} and its
 * comments, so that the page cannot drift from the defaults: {@code feedline config reference}
 * prints it, and a test holds the committed page to it.
 */
public final class ConfigurationReference {
    public static final String REGENERATE_COMMAND =
            "mvn -q -pl app -am -DskipTests package exec:exec -Dfeedline.args=\"config reference -o docs/CONFIGURATION.md\"";

    private ConfigurationReference() {}

    /** A key of reference.conf: its default as written in HOCON and what it means (its comments, as one line). */
    public record Entry(String key, String defaultValue, String meaning) {}

    /** Every key, in the order reference.conf lists them. */
    public static List<Entry> entries() {
        ConfigObject written = written();
        return FeedlineConfig.keys().stream()
                .sorted(Comparator.comparingInt(key -> as(written, key.name()).origin().lineNumber()))
                .map(key -> new Entry(key.name(), key.defaultValue(), oneLine(as(written, key.name()))))
                .toList();
    }

    /**
     * reference.conf as written, unresolved: a substituted default ({@code ${feed.retention}}) resolves
     * to the value it names, and with it that key's origin and comments, not its own.
     */
    private static ConfigObject written() {
        return ConfigFactory.parseResources(ConfigurationReference.class.getClassLoader(), "reference.conf",
                ConfigParseOptions.defaults().setAllowMissing(false)).root();
    }

    private static ConfigValue as(ConfigObject written, String path) {
        ConfigValue value = written;
        for (String name : ConfigUtil.splitPath(path)) {
            value = ((ConfigObject) value).get(name);
        }
        return value;
    }

    /** The whole page, in Markdown. */
    public static String markdown() {
        ConfigObject written = written();
        Map<String, List<Entry>> sections = new LinkedHashMap<>();
        for (Entry entry : entries()) {
            sections.computeIfAbsent(section(entry.key()), name -> new ArrayList<>()).add(entry);
        }
        StringBuilder page = new StringBuilder(HEADER.replace("{regenerate}", REGENERATE_COMMAND));
        sections.forEach((name, entries) -> {
            page.append("\n## `").append(name).append("`\n\n");
            for (String object : objectsOf(name, entries)) {
                String about = oneLine(as(written, object));
                if (!about.isEmpty()) {
                    page.append(object.equals(name) ? "" : "`" + object + "`: ").append(text(about)).append("\n\n");
                }
            }
            page.append("| key | default | meaning |\n|---|---|---|\n");
            for (Entry entry : entries) {
                page.append("| `").append(entry.key()).append("` | `").append(entry.defaultValue()).append("` | ")
                        .append(cell(entry.meaning())).append(" |\n");
            }
        });
        return page.toString();
    }

    /** Comments are plain text: a {@code <placeholder>} must not read as an HTML tag. */
    private static String text(String plain) {
        return plain.replace("&", "&amp;").replace("<", "&lt;");
    }

    private static String cell(String plain) {
        return text(plain).replace("|", "\\|");
    }

    private static String section(String key) {
        int dot = key.indexOf('.');
        return dot < 0 ? key : key.substring(0, dot);
    }

    /** The section itself and each object nested in it that holds a key, outermost first, in file order. */
    private static List<String> objectsOf(String section, List<Entry> entries) {
        List<String> objects = new ArrayList<>();
        for (Entry entry : entries) {
            String key = entry.key();
            for (int dot = key.indexOf('.'); dot >= 0; dot = key.indexOf('.', dot + 1)) {
                String object = key.substring(0, dot);
                if (!objects.contains(object)) {
                    objects.add(object);
                }
            }
        }
        return objects.stream().filter(object -> object.equals(section) || object.startsWith(section + ".")).toList();
    }

    private static String oneLine(ConfigValue value) {
        if (value instanceof ConfigObject object && object.isEmpty()) {
            return "";
        }
        return value.origin().comments().stream().map(String::strip).filter(line -> !line.isEmpty())
                .collect(Collectors.joining(" "));
    }

    private static final String HEADER = """
            # Configuration

            <!-- Generated from app/src/main/resources/reference.conf by `feedline config reference`. Edit that file, not this page. -->

            Feedline reads HOCON (Typesafe Config) in three layers. Each layer overrides the one before:

            1. the defaults, `app/src/main/resources/reference.conf` (this page);
            2. a file: `--config FILE`, or the file that `FEEDLINE_CONFIG` names;
            3. environment variables.

            **Environment variables.** Every key below has one. Its name is `FEEDLINE_` and the key in upper
            case, with `.` and `-` written `_`. So `fanout.celebrity-threshold` is
            `FEEDLINE_FANOUT_CELEBRITY_THRESHOLD`, and `http.rate-limit.store` is `FEEDLINE_HTTP_RATE_LIMIT_STORE`.

            **Checks.** A value that is not one of a choice's options stops the start. The message lists the
            valid ones (`unknown fanout.mode 'sideways'; valid: push, pull, hybrid`). A key in the file that
            Feedline does not know is logged as a warning: it has no effect.

            **Secrets.** `token.secret`, `cursor.secret`, `postgres.password` and `http.metrics.token` have no
            default. Set them in the environment, not in a file.

            `feedline help serve` lists every key with its variable and default. After a change to
            reference.conf, regenerate this page from the repository root:

            ```sh
            {regenerate}
            ```
            """;
}
