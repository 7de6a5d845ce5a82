<!-- Demo load chain step (the demo's "Grid: chain" page, GET /xslt/total-column.xslt.sef.json): appends a read-only
     column "total" = Column 2 x Column 7 to the rows of a generated Wrs (columns c1..cN). -->
<xsl:stylesheet version="3.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0"
    expand-text="yes">
  <xsl:mode on-no-match="shallow-copy"/>

  <xsl:template match="wrs:Header/wrs:Columns">
    <xsl:copy>
      <xsl:apply-templates select="@*, node()"/>
      <wrs:C pos="{count(wrs:C) + 1}" id="total" caption="Total (2 x 7)" type-name="NUMERIC" scale="2" isReadOnly="true"/>
    </xsl:copy>
  </xsl:template>

  <xsl:template match="wrs:Data/*">
    <xsl:copy>
      <xsl:apply-templates select="@*, node()"/>
      <wrs:C>{format-number(number(wrs:C[2]) * number(wrs:C[7]), '0.00')}</wrs:C>
    </xsl:copy>
  </xsl:template>
</xsl:stylesheet>
