package io.feedline.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StrictUtf8Test {
    @ParameterizedTest
    @ValueSource(strings = {"c0af", "e080af", "f08080af", "eda080", "edbfbf", "e282", "f09f98", "ff", "fe", "80", "f4908080", "c3"})
    void malformedSequencesAreRefusedRawAndEscaped(String hex) {
        byte[] bytes = HexFormat.of().parseHex("61" + hex + "62");
        assertThat(StrictUtf8.isValid(bytes)).isFalse();
        assertThat(StrictUtf8.isValidForm(bytes)).isFalse();
        String escaped = "a=" + hex.replaceAll("(..)", "%$1") + "&b=c";
        assertThat(StrictUtf8.isValidForm(escaped.getBytes(StandardCharsets.US_ASCII))).as(escaped).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"plain ascii", "caf\u00e9", "\ud83d\ude00 \u65e5\u672c", "\uffff\u0000", ""})
    void wellFormedTextPasses(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertThat(StrictUtf8.isValid(bytes)).isTrue();
        String escaped = "q=" + java.net.URLEncoder.encode(text, StandardCharsets.UTF_8) + "&r=%zz%4";
        assertThat(StrictUtf8.isValidForm(escaped.getBytes(StandardCharsets.US_ASCII))).as(escaped).isTrue();
    }
}
