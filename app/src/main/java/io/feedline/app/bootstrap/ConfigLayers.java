package io.feedline.app.bootstrap;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The configuration layers, lowest first: the defaults in {@code reference.conf}, an optional file,
 * then environment variables. Every default key has its variable, named by one rule
 * ({@link #environmentName}), so the mapping needs no table to keep in sync.
 */
final class ConfigLayers {
    static final String PREFIX = "FEEDLINE_";
    static final String CONFIG_FILE_VARIABLE = "FEEDLINE_CONFIG";
    private static final Logger LOG = LoggerFactory.getLogger(ConfigLayers.class);

    private ConfigLayers() {}

    static Config load(Optional<Path> file, Map<String, String> environment, Map<String, ?> overrides) {
        Config defaults = defaults();
        Optional<Path> chosen = file.or(() -> Optional.ofNullable(environment.get(CONFIG_FILE_VARIABLE))
                .filter(name -> !name.isBlank())
                .map(Path::of));
        Config fromFile = chosen.map(ConfigLayers::parseFile).orElse(ConfigFactory.empty());
        chosen.ifPresent(path -> warnOfUnknownKeys(fromFile, defaults, path.toString()));
        Config fromEnvironment = ConfigFactory.parseMap(environmentOverrides(defaults, environment), "environment variables");
        Config given = ConfigFactory.parseMap(overrides, "overrides");
        Config merged;
        try {
            merged = given.withFallback(fromEnvironment).withFallback(fromFile).withFallback(defaults).resolve();
            merged.checkValid(defaults);
        } catch (ConfigException e) {
            throw new InvalidConfiguration(e.getMessage(), e);
        }
        return merged;
    }

    static Config defaults() {
        return ConfigFactory.parseResources(ConfigLayers.class.getClassLoader(), "reference.conf",
                        ConfigParseOptions.defaults().setAllowMissing(false))
                .resolve();
    }

    /** {@code fanout.celebrity-threshold} is read from {@code FEEDLINE_FANOUT_CELEBRITY_THRESHOLD}. */
    static String environmentName(String key) {
        return PREFIX + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** Every key, in order, with its variable and its default as written in HOCON (for --help and the docs). */
    static java.util.List<FeedlineConfig.Key> keys() {
        Config defaults = defaults();
        return new TreeSet<>(defaults.entrySet().stream().map(Map.Entry::getKey).toList()).stream()
                .map(key -> new FeedlineConfig.Key(key, environmentName(key), shown(defaults.getValue(key))))
                .toList();
    }

    /** Strings bare (an empty one as ""), everything else as HOCON writes it. */
    private static String shown(ConfigValue value) {
        if (value.valueType() == com.typesafe.config.ConfigValueType.STRING) {
            String text = (String) value.unwrapped();
            return text.isEmpty() ? "\"\"" : text;
        }
        return value.render(com.typesafe.config.ConfigRenderOptions.concise());
    }

    private static Map<String, String> environmentOverrides(Config defaults, Map<String, String> environment) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Map.Entry<String, ConfigValue> entry : defaults.entrySet()) {
            String value = environment.get(environmentName(entry.getKey()));
            if (value != null) {
                values.put(entry.getKey(), value);
            }
        }
        return values;
    }

    private static Config parseFile(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new InvalidConfiguration("configuration file " + path + " does not exist");
        }
        try {
            return ConfigFactory.parseFile(path.toFile(), ConfigParseOptions.defaults().setAllowMissing(false));
        } catch (ConfigException e) {
            throw new InvalidConfiguration("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** A misspelt key would otherwise be ignored in silence, leaving the default in force. */
    private static void warnOfUnknownKeys(Config file, Config defaults, String source) {
        Set<String> unknown = new TreeSet<>();
        try {
            for (Map.Entry<String, ConfigValue> entry : file.resolveWith(defaults).entrySet()) {
                if (!defaults.hasPathOrNull(entry.getKey())) {
                    unknown.add(entry.getKey());
                }
            }
        } catch (ConfigException unresolved) {
            return; // resolving the merged layers reports it properly
        }
        if (!unknown.isEmpty()) {
            LOG.warn("{} sets keys Feedline does not know, which have no effect: {}", source, unknown);
        }
    }
}
